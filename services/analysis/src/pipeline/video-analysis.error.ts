/** A video the pipeline cannot analyse, with a reason a person can read. */
export class VideoAnalysisError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VideoAnalysisError';
  }
}

export const NO_VIDEO_STREAM = 'The file has no video stream';
export const UNREADABLE_VIDEO = 'The video could not be read';
