/**
 * What one cron invocation may still spend. A Worker invocation may make 50 D1 queries on the free
 * plan (1,000 on Workers Paid) and a limited number of subrequests; every D1 statement (a batch of N
 * counts N), R2 call and queue send is counted here alike. `part(n)` gives a job at most n of what is left.
 */
export class Budget {
  constructor(
    private limit: number,
    private readonly parent?: Budget,
  ) {}

  get left(): number {
    return Math.min(this.limit, this.parent?.left ?? Number.POSITIVE_INFINITY);
  }

  spend(count = 1): void {
    this.limit -= count;
    this.parent?.spend(count);
  }

  part(limit: number): Budget {
    return new Budget(limit, this);
  }
}
