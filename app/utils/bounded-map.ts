// A Map kept to its last `max` entries: the per-process caches of answers that are the same every
// time (formatted dates, checked cookies, drawn layers).

/** Sets `key` as the newest entry and drops the oldest beyond `max`. */
export function keepAtMost<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}
