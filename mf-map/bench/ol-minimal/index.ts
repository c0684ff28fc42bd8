// The smallest useful OpenLayers map: one vector layer with one polygon. The bench builds it to weigh
// OpenLayers itself, so mf-map's OpenLayers share can be compared with what any map costs.
import OlMap from 'ol/Map';
import View from 'ol/View';
import GeoJSON from 'ol/format/GeoJSON';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';

const paddock = {
  type: 'Feature',
  properties: { field_name: 'Paddock 1' },
  geometry: {
    type: 'Polygon',
    coordinates: [[[147.36, -35.11], [147.37, -35.11], [147.372, -35.118], [147.361, -35.12], [147.36, -35.11]]],
  },
};

const source = new VectorSource({ features: new GeoJSON().readFeatures(paddock, { featureProjection: 'EPSG:3857' }) });
const target = document.getElementById('map') ?? document.body.appendChild(document.createElement('div'));
const map = new OlMap({ target, layers: [new VectorLayer({ source })], view: new View() });
const extent = source.getExtent();
if (extent) map.getView().fit(extent, { padding: [20, 20, 20, 20] });
// The bench waits for this to know the build really draws a map.
map.once('rendercomplete', () => target.setAttribute('data-rendered', String(source.getFeatures().length)));
