import { readLocalities, type Locality } from './gazetteer';

/** Reads the shipped dataset in this thread; only the folded localities go back (places/gazetteer.ts). */
export default function gazetteerWorker(): Locality[] {
  return readLocalities();
}
