import sharp from 'sharp';
import { runImageryTask, type ImageryTask } from './tasks';

// Parallelism comes from the pool's threads; one libvips thread per worker keeps them from competing.
sharp.concurrency(1);

/** The imagery worker thread's entry (piscina): one task in, its plain-data answer out. */
export default function imageryWorker(task: ImageryTask) {
  return runImageryTask(task);
}
