import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConversionFailure } from './failure';
import { convertKml, PlacemarkSplitter } from './kml';
import { FeatureSink } from './sink';

const dir = mkdtempSync(path.join(tmpdir(), 'paddock-kml-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ring = '147,-35,0 147.01,-35,0 147.01,-35.01,0 147,-35.01,0 147,-35,0';
const polygon = `<Polygon><outerBoundaryIs><LinearRing><coordinates>${ring}</coordinates></LinearRing></outerBoundaryIs></Polygon>`;

const document = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported <Placemark> by hand -->
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
<Document>
  <Schema name="paddocks" id="paddocks"><SimpleField name="hectares" type="double"/><SimpleField name="crop_name" type="string"/></Schema>
  <Style id="green"><PolyStyle><color>ff00ff00</color></PolyStyle></Style>
  <Folder><name>Farm</name>
    <Placemark id="a"><name>North &amp; South</name>
      <description><![CDATA[<p>Not a </Placemark> tag</p>]]></description>
      <styleUrl>#green</styleUrl>
      <ExtendedData><SchemaData schemaUrl="#paddocks"><SimpleData name="hectares">12.5</SimpleData><SimpleData name="crop_name">Wheat</SimpleData></SchemaData></ExtendedData>
      <gx:balloonVisibility>1</gx:balloonVisibility>
      ${polygon}
    </Placemark>
    <Placemark><name>Creek flat</name><Style><LineStyle><width>3</width></LineStyle></Style>${polygon}</Placemark>
  </Folder>
</Document>
</kml>`;

function split(text: string, pieceLength: number): string[] {
  const splitter = new PlacemarkSplitter();
  const found: string[] = [];
  for (let at = 0; at < text.length; at += pieceLength) found.push(...splitter.push(text.slice(at, at + pieceLength)));
  splitter.end();
  return found;
}

describe('PlacemarkSplitter', () => {
  it('finds the same Placemarks however the text arrives, skipping comments and CDATA', () => {
    const whole = split(document, document.length);
    expect(whole).toHaveLength(2);
    expect(whole[0]).toMatch(/^<Placemark id="a">[\s\S]*<\/Placemark>$/);
    expect(whole[0]).toContain('Not a </Placemark> tag');
    for (const pieceLength of [1, 2, 7, 64]) expect(split(document, pieceLength)).toEqual(whole);
  });

  it.each([
    ['a GPX file', '<?xml version="1.0"?><gpx version="1.1"><trk></trk></gpx>'],
    ['a web page', '<!DOCTYPE html><html><body>hello world</body></html>'],
    ['text', 'field,area\nNorth,12.5\n'],
  ])('refuses %s with a 422 naming KML', (_label, text) => {
    const attempt = () => split(text, 5);
    expect(attempt).toThrow(ConversionFailure);
    expect(attempt).toThrow(/not a KML file/);
  });
});

describe('convertKml', () => {
  it('converts each Placemark with its name and data, without style attributes', async () => {
    const file = path.join(dir, 'doc.kml');
    writeFileSync(file, document);
    const sink = new FeatureSink(path.join(dir, 'features.json'), 100);
    await convertKml(file, sink);
    const summary = sink.finish();
    const features = JSON.parse(`[${readFileSync(summary.featuresPath, 'utf8')}]`) as Array<{
      properties: Record<string, unknown>;
      geometry: { type: string };
    }>;

    expect(summary.invalid).toEqual([]);
    expect(features.map((feature) => feature.properties)).toEqual([
      { name: 'North & South', description: '<p>Not a </Placemark> tag</p>', hectares: 12.5, crop_name: 'Wheat' },
      { name: 'Creek flat' },
    ]);
    expect(features[0]?.geometry.type).toBe('Polygon');
    expect(summary.bbox).toEqual([147, -35.01, 147.01, -35]);
  });

  it('lists a Placemark that is not well-formed XML, by its name, and converts the rest', async () => {
    const file = path.join(dir, 'broken.kml');
    writeFileSync(
      file,
      `<kml><Placemark><name>Bad</name><Polygon><foo></Polygon></Placemark><Placemark><name>Good</name>${polygon}</Placemark></kml>`,
    );
    const sink = new FeatureSink(path.join(dir, 'broken.json'), 100);
    await convertKml(file, sink);
    const summary = sink.finish();
    expect(summary.converted).toBe(1);
    expect(summary.invalid).toEqual([{ index: 1, name: 'Bad', reason: 'This feature could not be read' }]);
  });
});
