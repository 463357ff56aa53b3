/**
 * How far a streaming replica is behind its primary, in seconds, without writing anything
 * (decision 0038). Every check reads the primary's flushed WAL position
 * (`pg_current_wal_flush_lsn()`) and keeps it with the time it was read; a replica's lag is then
 * the age of the oldest position it has not replayed yet (`pg_last_wal_replay_lsn()`):
 *
 * - an idle primary does not move its position, so a replica that replayed it is 0 s behind,
 *   however old its last transaction (`now() - pg_last_xact_replay_timestamp()` would say
 *   hours there);
 * - a replica whose replay stopped (paused, stuck on a lock, disconnected) while the primary
 *   writes falls behind the position read after the first write it missed, and its lag grows
 *   with the clock from that check on.
 *
 * The figure is a whole check interval coarse at worst. A replica behind every position kept
 * (a replica seen for the first time while catching up, or one that stopped long ago) has a
 * lag of at least the age of the oldest one: `atLeast` says so.
 */

/** `16/B374D848` → bytes from the start of the WAL. */
export function parseLsn(text: string): bigint {
  const [hi, lo] = text.split("/");
  if (hi === undefined || lo === undefined || !/^[0-9A-Fa-f]+$/.test(hi) || !/^[0-9A-Fa-f]+$/.test(lo)) {
    throw new Error(`position WAL illisible : ${text}`);
  }
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

export interface LsnSample {
  /** Milliseconds (Date.now()) when the primary was read. */
  at: number;
  lsn: bigint;
}

export interface ReplicaLag {
  seconds: number;
  /** WAL bytes between the primary's last position read and the replica's replay position. */
  bytes: number;
  /** The replica is behind every position kept: `seconds` is a lower bound. */
  atLeast: boolean;
}

/** The primary's positions of the last `retentionMs`, oldest first. */
export class PrimaryPositions {
  private samples: LsnSample[] = [];

  constructor(private readonly retentionMs: number) {}

  record(sample: LsnSample): void {
    const last = this.samples.at(-1);
    // Only a position that moved is worth keeping: an idle primary keeps one sample, whose
    // time is when it got there.
    if (!last || sample.lsn > last.lsn) this.samples.push(sample);
    const cut = sample.at - this.retentionMs;
    // Keep the newest sample older than the cut: it still dates the positions after it.
    while (this.samples.length > 1 && this.samples[1]!.at <= cut) this.samples.shift();
  }

  get latest(): LsnSample | undefined {
    return this.samples.at(-1);
  }

  /** Lag of a replica that replayed up to `replayed`, at `now`; null before the first sample. */
  lagOf(replayed: bigint, now: number): ReplicaLag | null {
    const latest = this.samples.at(-1);
    if (!latest) return null;
    const bytes = latest.lsn > replayed ? Number(latest.lsn - replayed) : 0;
    if (replayed >= latest.lsn) return { seconds: 0, bytes: 0, atLeast: false };
    const index = this.samples.findIndex((sample) => sample.lsn > replayed);
    const first = this.samples[index]!;
    return { seconds: Math.max(0, (now - first.at) / 1000), bytes, atLeast: index === 0 };
  }
}
