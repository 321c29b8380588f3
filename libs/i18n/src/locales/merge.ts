type Tree = { readonly [key: string]: string | Tree };

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;

/** One dictionary from its namespaces' (each key is in one of them; a group may span several). */
export function mergeNamespaces<const Parts extends readonly Tree[]>(...parts: Parts): UnionToIntersection<Parts[number]> {
  const merge = (into: Record<string, unknown>, from: Tree) => {
    for (const [key, value] of Object.entries(from)) {
      if (typeof value === 'string') into[key] = value;
      else merge((into[key] ??= {}) as Record<string, unknown>, value);
    }
    return into;
  };
  return parts.reduce<Record<string, unknown>>((all, part) => merge(all, part), {}) as UnionToIntersection<Parts[number]>;
}
