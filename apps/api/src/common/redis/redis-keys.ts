/**
 * Key names on a Redis Cluster (issue 41; README « Redis Cluster: keys and slots »). A multi-key call (a script, a
 * MULTI, an MGET) must name keys of one hash slot; a key's slot is CRC16 of its hash tag — the text between its first
 * `{` and the next `}`, when not empty — or else of the whole key. On one Redis server (or Sentinel) no tag is written,
 * so the keys are exactly those Coursa always wrote.
 */

/**
 * A key of a group whose keys are used together: `{<prefix>:<group>}:<parts>` on a cluster (one slot for the whole
 * group), `<prefix>:<parts>` otherwise.
 */
export function groupKey(prefix: string, group: string, cluster: boolean, ...parts: string[]): string {
  return [cluster ? `{${prefix}:${group}}` : prefix, ...parts].join(':');
}

/**
 * BullMQ's prefix for one queue: every key of a queue must be on one slot (its scripts touch several), and a tag per
 * queue puts the queues on different slots, so they spread over the shards. BullMQ writes `<prefix>:<queue>:<key>`.
 */
export function queuePrefix(prefix: string, queue: string, cluster: boolean): string {
  return cluster ? `{${prefix}:${queue}}` : prefix;
}

/** SCAN patterns matching every key written under `prefix`, tagged or not (a test's cleanup, a sweep of leftovers). */
export function prefixPatterns(prefix: string): string[] {
  return [`${prefix}:*`, `{${prefix}:*`];
}

/** The part of a key that chooses its slot (Redis Cluster specification, « Hash tags »). */
export function hashTagOf(key: string): string {
  const open = key.indexOf('{');
  if (open < 0) return key;
  const close = key.indexOf('}', open + 1);
  if (close < 0 || close === open + 1) return key;
  return key.slice(open + 1, close);
}

const CRC16_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[byte] = crc;
  }
  return table;
})();

/** CRC16-CCITT (XMODEM), as Redis Cluster hashes keys. */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) & 0xffff) ^ CRC16_TABLE[((crc >> 8) ^ byte) & 0xff]!;
  return crc;
}

const encoder = new TextEncoder();

/** The cluster slot (0–16383) of a key, as `CLUSTER KEYSLOT` answers. */
export function keySlot(key: string): number {
  return crc16(encoder.encode(hashTagOf(key))) % 16384;
}

/**
 * Items split so that each group's keys share one slot (one script call or MULTI per group), in their first order.
 * Not on a cluster: one group, so one call, as ever.
 */
export function bySlot<T>(items: readonly T[], keyOf: (item: T) => string, cluster: boolean): T[][] {
  if (!cluster) return items.length ? [[...items]] : [];
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const slot = keySlot(keyOf(item));
    const group = groups.get(slot);
    if (group) group.push(item);
    else groups.set(slot, [item]);
  }
  return [...groups.values()];
}
