import type Feature from 'ol/Feature';
import type { FeatureLike } from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type Geometry from 'ol/geom/Geometry';
import VectorImageLayer from 'ol/layer/VectorImage';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { areaGeometrySchema, type AreaGeometry, type FieldFeature } from '@paddock/shared/contracts';
import { LAYER_Z } from './olMapContext';

/** Feature properties the map sets on top of the field's own. */
export const FIELD_FLAGS = { selected: 'selected', editing: 'editing' } as const;

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

/** Fields as OpenLayers features (ids kept), read in one pass. */
export function toOlFeatures(fields: FieldFeature[]): Feature<Geometry>[] {
  return format.readFeatures({ type: 'FeatureCollection', features: fields }) as Feature<Geometry>[];
}

/** A map geometry back to GeoJSON in WGS84, as the API takes it. */
export function toAreaGeometry(geometry: Geometry): AreaGeometry {
  return areaGeometrySchema.parse(format.writeGeometryObject(geometry, { decimals: 8 }));
}

export function toOlGeometry(geometry: AreaGeometry): Geometry {
  return format.readGeometry(geometry);
}

// Beyond this many metres per pixel a field is a few pixels wide and its name would not fit.
const LABEL_MAX_RESOLUTION = 25;

const fieldFill = new Fill({ color: 'rgba(47, 125, 50, 0.18)' });
const fieldStroke = new Stroke({ color: '#1f5f23', width: 1.5 });
const selectedFill = new Fill({ color: 'rgba(201, 138, 27, 0.28)' });
const selectedStroke = new Stroke({ color: '#b06f00', width: 3 });
const labelFill = new Fill({ color: '#13301a' });
const labelHalo = new Stroke({ color: 'rgba(255, 255, 255, 0.9)', width: 3 });
const labelFont = '600 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

// Every Style the layer uses is made once and reused: none are created while the map renders.
const filledBoundary = {
  plain: new Style({ fill: fieldFill, stroke: fieldStroke }),
  selected: new Style({ fill: selectedFill, stroke: selectedStroke, zIndex: 1 }),
};
const outlineBoundary = {
  plain: new Style({ stroke: fieldStroke }),
  selected: new Style({ stroke: selectedStroke, zIndex: 1 }),
};
const NOT_DRAWN: Style[] = [];

function styleWith(boundaries: typeof filledBoundary) {
  const withoutLabel = { plain: [boundaries.plain], selected: [boundaries.selected] };
  const labelled = new Map<string, Style[]>();
  const labelledStyles = (name: string, selected: boolean): Style[] => {
    const key = `${selected ? 's' : 'p'}:${name}`;
    let styles = labelled.get(key);
    if (!styles) {
      // overflow false: a name wider than its field is left out rather than spilling over neighbours.
      const text = new Text({ text: name, font: labelFont, fill: labelFill, stroke: labelHalo, overflow: false });
      styles = [selected ? boundaries.selected : boundaries.plain, new Style({ text, zIndex: selected ? 1 : 0 })];
      labelled.set(key, styles);
    }
    return styles;
  };
  return (feature: FeatureLike, resolution: number): Style[] => {
    if (feature.get(FIELD_FLAGS.editing)) return NOT_DRAWN;
    const selected = Boolean(feature.get(FIELD_FLAGS.selected));
    const name: unknown = feature.get('field_name');
    if (resolution > LABEL_MAX_RESOLUTION || typeof name !== 'string' || !name)
      return selected ? withoutLabel.selected : withoutLabel.plain;
    return labelledStyles(name, selected);
  };
}

/** The fields layer's style: outline and fill, the name when zoomed in enough, highlighted when selected. */
export const fieldStyle = styleWith(filledBoundary);

/** The same over imagery: outlines only, so the fills do not tint the imagery's colours. */
export const fieldOutlineStyle = styleWith(outlineBoundary);

// The drawn image reaches this much beyond the view, so a pan shows fields before the next redraw.
const IMAGE_RATIO = 1.5;

/**
 * The farm's fields: one source, filled in one call; labels decluttered. Drawn into an image that is
 * only moved and scaled while the user pans or zooms (never redrawn mid-interaction, like
 * updateWhileInteracting off, but without replaying thousands of polygons every frame).
 */
export function createFieldsLayer() {
  const source = new VectorSource<Feature<Geometry>>();
  const layer = new VectorImageLayer({
    source,
    style: fieldStyle,
    declutter: true,
    imageRatio: IMAGE_RATIO,
    zIndex: LAYER_Z.fields,
    properties: { name: 'fields' },
  });
  return { source, layer };
}
