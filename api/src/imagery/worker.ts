import sharp from 'sharp';
import { transferableFailure } from './failure';
import { runImageryTask, type ImageryTask } from './tasks';

// Parallelism comes from the pool's threads; one libvips thread per worker keeps them from competing.
sharp.concurrency(1);

/** The imagery worker thread's entry (piscina): one task in, its plain-data answer out. */
export default async function imageryWorker(task: ImageryTask) {
  try {
    return await runImageryTask(task);
  } catch (error) {
    throw transferableFailure(error);
  }
}
