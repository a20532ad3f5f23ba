/**
 * The understanders of the analyses running at once, kept from one video to the next: the offline OCR
 * reader's workers stay warm between videos (each releases its workers after its own idle time).
 */
import type { ScreenUnderstander } from './types';

export class UnderstanderPool {
  private readonly idle: ScreenUnderstander[] = [];
  private readonly created = new Set<ScreenUnderstander>();

  constructor(private readonly create: () => ScreenUnderstander) {}

  async use<T>(work: (understander: ScreenUnderstander) => Promise<T>): Promise<T> {
    const understander = this.idle.pop() ?? this.make();
    try {
      return await work(understander);
    } finally {
      this.idle.push(understander);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.created].map((understander) => understander.close?.()));
    this.created.clear();
    this.idle.length = 0;
  }

  private make(): ScreenUnderstander {
    const understander = this.create();
    this.created.add(understander);
    return understander;
  }
}
