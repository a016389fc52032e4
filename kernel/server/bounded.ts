/** Sets `key` as the newest entry of `map` and drops the oldest while it holds more than `max`. */
export function putBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as K);
}
