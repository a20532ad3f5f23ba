/** Ids a tool keys its resources by, made unique so that two plan names that render alike are both kept. */

export interface WithId<T> {
  item: T;
  id: string;
  /** The item did not get its own rendering: an earlier item had taken it. */
  renamed: boolean;
}

export interface UniqueIdOptions {
  /** The id a renamed item tries for `count` (2, 3, ...): `{id}_2` unless the tool spells numbers otherwise. */
  numbered?: (id: string, count: number) => string;
  /** What two ids must differ by to be two (lower-casing for a tool that ignores case); themselves by default. */
  fold?: (id: string) => string;
}

/**
 * Each item with its id: `render(item)`, or when an earlier item took it the first free numbered id that no other
 * item renders to, so a later item never loses its own id to a renamed one.
 */
export function withUniqueIds<T>(
  items: readonly T[],
  render: (item: T) => string,
  { numbered = (id, count) => `${id}_${count}`, fold = (id) => id }: UniqueIdOptions = {},
): WithId<T>[] {
  const rendered = new Set(items.map((item) => fold(render(item))));
  const taken = new Set<string>();
  return items.map((item) => {
    const wanted = render(item);
    let id = wanted;
    for (let count = 2; taken.has(fold(id)) || (id !== wanted && rendered.has(fold(id))); count += 1)
      id = numbered(wanted, count);
    taken.add(fold(id));
    return { item, id, renamed: id !== wanted };
  });
}
