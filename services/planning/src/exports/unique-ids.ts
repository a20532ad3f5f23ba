/** Ids a tool keys its resources by, made unique so that two plan names that render alike are both kept. */

export interface WithId<T> {
  item: T;
  id: string;
  /** The item did not get its own rendering: an earlier item had taken it. */
  renamed: boolean;
}

/**
 * Each item with its id: `render(item)`, or when an earlier item took it the first free `{id}_2`, `{id}_3`...
 * that no other item renders to, so a later item never loses its own id to a renamed one.
 */
export function withUniqueIds<T>(items: readonly T[], render: (item: T) => string): WithId<T>[] {
  const rendered = new Set(items.map(render));
  const taken = new Set<string>();
  return items.map((item) => {
    const wanted = render(item);
    let id = wanted;
    for (let count = 2; taken.has(id) || (id !== wanted && rendered.has(id)); count += 1)
      id = `${wanted}_${count}`;
    taken.add(id);
    return { item, id, renamed: id !== wanted };
  });
}
