/** Work that arrives piece by piece: results per item in any order, raw frames out of a byte stream. */

export interface Pending<T> {
  /** One promise per item; one nobody awaits (an earlier item failed) never becomes an unhandled rejection. */
  promises: Array<Promise<T>>;
  resolve(index: number, value: T): void;
  reject(index: number, error: unknown): void;
}

export function pendingList<T>(count: number): Pending<T> {
  const settle: Array<{ resolve(value: T): void; reject(error: unknown): void }> = [];
  const promises = Array.from(
    { length: count },
    () =>
      new Promise<T>((resolve, reject) => {
        settle.push({ resolve, reject });
      }),
  );
  promises.forEach((promise) => promise.catch(() => undefined));
  return {
    promises,
    resolve: (index, value) => settle[index]?.resolve(value),
    reject: (index, error) => settle[index]?.reject(error),
  };
}

/** Cuts a raw video stream into frames of `frameSize` bytes, each copied into an array of its own. */
export function rawFrameCutter(frameSize: number, onFrame: (frame: Uint8Array) => void): (chunk: Buffer) => void {
  let frame = new Uint8Array(frameSize);
  let filled = 0;
  return (chunk) => {
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(frameSize - filled, chunk.length - offset);
      frame.set(chunk.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
      if (filled < frameSize) continue;
      onFrame(frame);
      frame = new Uint8Array(frameSize);
      filled = 0;
    }
  };
}
