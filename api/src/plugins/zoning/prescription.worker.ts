import { buildPrescriptionZip, type PrescriptionInput } from './prescription';

/**
 * The prescription-zip worker (run through the worker pool by the `zoning.export` job): shapefiles,
 * TASKDATA.XML and the terminal files of one order are built here, off the api's event loop.
 */
export default async function buildZip(input: PrescriptionInput): Promise<{ fileName: string; zip: Uint8Array }> {
  const { fileName, zip } = await buildPrescriptionZip(input);
  return { fileName, zip: new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength) };
}
