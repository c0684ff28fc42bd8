import { createReadStream } from 'node:fs';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Geometry } from 'geojson';
import { megabytes, tooLarge, unprocessable } from './failure';
import type { FeatureSink, Properties, PropertyValue } from './sink';

/** The largest single Placemark read; a whole KML file can be any size, it is read one Placemark at a time. */
export const MAX_PLACEMARK_CHARS = 64 * 1024 * 1024;

const notKml = () =>
  unprocessable(
    'This file is not a KML file we can read. Export it again as KML or KMZ (for example from Google Earth) and upload it.',
  );

/**
 * Converts a KML file without holding it whole: the text streams through a splitter that cuts out
 * one Placemark at a time (and the Schemas that type their data), and each Placemark is parsed on
 * its own by togeojson inside a copy of the document's root element (which declares the namespaces).
 * Memory stays at one Placemark's worth, however large the file.
 */
export async function convertKml(path: string, sink: FeatureSink): Promise<string[]> {
  const splitter = new PlacemarkSplitter();
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  for await (const chunk of stream as AsyncIterable<string>) {
    for (const placemark of splitter.push(chunk)) convertPlacemark(placemark, splitter, sink);
  }
  splitter.end();
  return splitter.links;
}

function convertPlacemark(placemark: string, splitter: PlacemarkSplitter, sink: FeatureSink): void {
  let feature: { geometry: Geometry | null; properties: Record<string, unknown> | null } | undefined;
  try {
    const document = new DOMParser({ onError: stopOnFatal }).parseFromString(splitter.wrap(placemark), 'text/xml');
    feature = kml(document).features[0];
  } catch {
    sink.reject({ name: nameInText(placemark) }, 'This feature could not be read');
    return;
  }
  sink.add(feature?.geometry, kmlProperties(feature?.properties ?? {}));
}

function stopOnFatal(level: 'warning' | 'error' | 'fatalError', message: string): void {
  if (level === 'fatalError') throw new Error(message);
}

/** What togeojson reads besides the data (styles, visibility, timing arrays) is not an attribute of the field. */
const NOT_ATTRIBUTES = new Set(['styleUrl', 'visibility', 'open', 'coordinateProperties']);

/** The Placemark's name, description, address and ExtendedData, as flat values. */
function kmlProperties(raw: Record<string, unknown>): Properties {
  const properties: Properties = {};
  for (const [key, value] of Object.entries(raw)) {
    if (NOT_ATTRIBUTES.has(key)) continue;
    properties[key] = flatValue(value);
  }
  return properties;
}

function flatValue(value: unknown): PropertyValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  // togeojson gives an HTML description as {"@type": "html", value}.
  if (typeof value === 'object' && 'value' in value && typeof value.value === 'string') return value.value;
  return JSON.stringify(value);
}

/** A name for a Placemark that could not be parsed, from its <name> text. */
function nameInText(placemark: string): string | null {
  const name = /<name>([^<]*)<\/name>/.exec(placemark)?.[1]?.trim();
  return name ? name : null;
}

/** Elements that only style a feature; removed before parsing so their colours do not become attributes. */
const STYLE_ELEMENTS = /<(Style|StyleMap)\b[\s\S]*?<\/\1>|<(Style|StyleMap)\b[^>]*\/>|<styleUrl>[^<]*<\/styleUrl>/g;

/**
 * Cuts a KML text, as it arrives in pieces, into its Placemark elements. Skips comments, CDATA
 * and processing instructions, so markup inside a description cannot be mistaken for elements.
 * Remembers the root element (and every namespace declared outside Placemarks) and the Schemas,
 * to wrap each Placemark in a document of its own.
 */
export class PlacemarkSplitter {
  private text = '';
  /** Where scanning resumes in `text`. */
  private cursor = 0;
  private rootName: string | null = null;
  private rootClosed = false;
  private readonly namespaces = new Map<string, string>();
  private readonly schemas: string[] = [];
  /** The `href`s of the document's NetworkLinks, in order (the KMZ follows those inside it). */
  readonly links: string[] = [];

  push(chunk: string): string[] {
    this.text += this.text === '' && this.rootName === null ? chunk.replace(/^\uFEFF/, '') : chunk;
    const found: string[] = [];
    for (;;) {
      const start = this.text.indexOf('<', this.cursor);
      if (start === -1) {
        this.discard(this.text.length);
        break;
      }
      const next = this.scan(start);
      if (next === -1) {
        this.discard(start);
        if (this.text.length > MAX_PLACEMARK_CHARS) {
          throw tooLarge(
            `A single feature in this KML file is larger than ${megabytes(MAX_PLACEMARK_CHARS)}, more than Paddock can read.`,
          );
        }
        break;
      }
      if (typeof next === 'string') found.push(next);
      else this.cursor = next;
    }
    return found;
  }

  /** Called after the last piece: the text must have been a KML document. */
  end(): void {
    if (this.rootName === null) throw notKml();
  }

  /** A Placemark inside a copy of the root element, with the Schemas it may refer to. */
  wrap(placemark: string): string {
    const root = this.rootName ?? 'kml';
    const declarations = [...this.namespaces].map(([name, uri]) => ` ${name}="${uri}"`).join('');
    return `<${root}${declarations}><Document>${this.schemas.join('')}${placemark.replace(STYLE_ELEMENTS, '')}</Document></${root}>`;
  }

  /**
   * Looks at the markup starting at `start`: returns a Placemark's text, or where scanning goes on,
   * or -1 when more text is needed to tell.
   */
  private scan(start: number): string | number {
    const { text } = this;
    if (text.length - start < 12) return -1;
    if (text.startsWith('<!--', start)) return this.after(start, '-->');
    if (text.startsWith('<![CDATA[', start)) return this.after(start, ']]>');
    if (text.startsWith('<?', start)) return this.after(start, '?>');
    if (text.startsWith('<!', start) || text.startsWith('</', start)) return this.after(start, '>');

    const tagEnd = tagEndAt(text, start);
    if (tagEnd === -1) return -1;
    const tag = text.slice(start, tagEnd + 1);
    const name = /^<([^\s/>]+)/.exec(tag)?.[1] ?? '';
    if (this.rootName === null) {
      if (name.split(':').pop() !== 'kml') throw notKml();
      this.rootName = name;
      this.rootClosed = tag.endsWith('/>');
    }
    if (this.rootClosed) return text.length;
    if (name === 'Placemark' || name === 'Schema' || name === 'NetworkLink') {
      const end = tag.endsWith('/>') ? tagEnd : closingTagEnd(text, tagEnd + 1, name);
      if (end === -1) return -1;
      const element = text.slice(start, end + 1);
      this.cursor = end + 1;
      if (name === 'Schema') {
        this.schemas.push(element);
        return this.cursor;
      }
      if (name === 'NetworkLink') {
        const href = /<href>\s*(?:<!\[CDATA\[)?\s*([^<\]]*?)\s*(?:\]\]>)?\s*<\/href>/.exec(element)?.[1];
        if (href) this.links.push(decodeEntities(href));
        return this.cursor;
      }
      return element;
    }
    for (const [, declaration, doubleQuoted, singleQuoted] of tag.matchAll(
      /\s(xmlns(?::[\w.-]+)?)\s*=\s*(?:"([^"]*)"|'([^']*)')/g,
    )) {
      const uri = doubleQuoted ?? singleQuoted ?? '';
      if (declaration && !this.namespaces.has(declaration))
        this.namespaces.set(declaration, uri.replaceAll('"', '&quot;'));
    }
    return tagEnd + 1;
  }

  /** Just past the first `terminator` after `start`, or -1 when it has not arrived yet. */
  private after(start: number, terminator: string): number {
    const at = this.text.indexOf(terminator, start + 2);
    return at === -1 ? -1 : at + terminator.length;
  }

  /** Drops the text before `index`, which has been dealt with. */
  private discard(index: number): void {
    this.text = this.text.slice(index);
    this.cursor = 0;
  }
}

/** The five XML entities an href may hold (`&amp;` in a query string). */
const decodeEntities = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[entity] ?? '',
  );

/** The '>' that ends the tag opening at `start`, skipping quoted attribute values; -1 if not there yet. */
function tagEndAt(text: string, start: number): number {
  let quote = '';
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return i;
  }
  return -1;
}

/** The '>' of the `</name>` that closes an element whose content starts at `from`; -1 if not there yet. */
function closingTagEnd(text: string, from: number, name: string): number {
  let at = from;
  for (;;) {
    const open = text.indexOf('<', at);
    if (open === -1) return -1;
    if (text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open + 4);
      if (end === -1) return -1;
      at = end + 3;
    } else if (text.startsWith('<![CDATA[', open)) {
      const end = text.indexOf(']]>', open + 9);
      if (end === -1) return -1;
      at = end + 3;
    } else if (text.startsWith(`</${name}`, open) && /[\s>]/.test(text[open + name.length + 2] ?? '')) {
      return text.indexOf('>', open);
    } else {
      at = open + 1;
    }
  }
}
