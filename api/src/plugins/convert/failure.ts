/**
 * Why a whole upload cannot be converted, in the product's words, with the HTTP status to answer
 * (413 over a limit, 422 unreadable or unusable). Thrown inside the worker, which hands it back to
 * the route as plain data: class identity does not survive the thread boundary.
 */
export class ConversionFailure extends Error {
  constructor(
    readonly status: 413 | 422,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'ConversionFailure';
  }
}

export const unprocessable = (detail: string) => new ConversionFailure(422, detail);
export const tooLarge = (detail: string) => new ConversionFailure(413, detail);

/** Whole megabytes, for limit messages ("500 MB"). */
export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
