// The bytes one draft may read from its site (docs/security.md): DRAFT_BYTE_BUDGET, default 10 MiB
// across all its pages. A fetch reserves its cap before it starts and gives back what it did not
// read, so pages read in parallel can never add up past the budget.

export const PAGE_MAX_BYTES = 5 * 1024 * 1024;

export function draftByteBudget(): number {
  const n = Number(process.env.DRAFT_BYTE_BUDGET);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 10 * 1024 * 1024;
}

export class ByteBudget {
  private left: number;
  private outstanding = 0;
  private waiting: (() => void)[] = [];

  constructor(
    total: number,
    /** The largest reservation of one fetch (e.g. the budget shared by the parallel fetches). */
    readonly perFetch: number,
  ) {
    this.left = total;
  }

  /** Bytes the next fetch may read; 0 when the budget is spent (waits while others may give some back). */
  async reserve(cap = this.perFetch): Promise<number> {
    while (this.left === 0 && this.outstanding > 0) await new Promise<void>((r) => this.waiting.push(r));
    const n = Math.min(cap, this.left);
    this.left -= n;
    if (n > 0) this.outstanding++;
    return n;
  }

  /** A fetch that reserved `reserved` read `used` bytes (0 when it failed). */
  settle(reserved: number, used: number) {
    if (reserved === 0) return;
    this.left += reserved - Math.min(used, reserved);
    this.outstanding--;
    for (const wake of this.waiting.splice(0)) wake();
  }
}
