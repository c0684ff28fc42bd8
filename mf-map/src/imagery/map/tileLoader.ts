// Moved to map-core (the compare view draws tiles too); kept so imports here stay valid.
export { createTileLoader } from '../../map-core/tileLoader';
