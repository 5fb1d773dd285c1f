// Wraps a D1 binding to count what reaches D1: statements (a batch of N is N) and the rows
// D1 reports as read and written. first() and raw() carry no meta, so the meter runs all()
// alongside them to read it: time D1 work with the plain binding, not with this one.
export interface D1Meter {
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  /** Rows written by statement, keyed by the statement's first words. */
  bySql: Map<string, number>;
  /** Rows read by statement, keyed alike. */
  readBySql: Map<string, number>;
  reset(): void;
}

type Meta = { meta?: { rows_read?: number; rows_written?: number } };

class MeteredStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly meter: D1Meter,
    readonly sql: string,
  ) {}

  private note(result: Meta) {
    this.meter.statements += 1;
    this.meter.rowsRead += result.meta?.rows_read ?? 0;
    this.meter.rowsWritten += result.meta?.rows_written ?? 0;
    tally(this.meter, this.sql, result.meta);
  }

  bind(...values: unknown[]) {
    return new MeteredStatement(this.inner.bind(...values), this.meter, this.sql);
  }

  async run() {
    const result = await this.inner.run();
    this.note(result);
    return result;
  }

  async all() {
    const result = await this.inner.all();
    this.note(result);
    return result;
  }

  async first(column?: string) {
    const result = await this.inner.all<Record<string, unknown>>();
    this.note(result);
    const row = result.results[0];
    if (row === undefined) return null;
    return column === undefined ? row : row[column];
  }

  async raw(options?: { columnNames?: boolean }) {
    this.note(await this.inner.all());
    // biome-ignore lint/suspicious/noExplicitAny: raw's overloads differ only by the options' literal type
    return this.inner.raw(options as any);
  }
}

export function meterD1(db: D1Database): { db: D1Database; meter: D1Meter } {
  const meter: D1Meter = {
    statements: 0,
    rowsRead: 0,
    rowsWritten: 0,
    bySql: new Map(),
    readBySql: new Map(),
    reset() {
      this.bySql.clear();
      this.readBySql.clear();
      this.statements = 0;
      this.rowsRead = 0;
      this.rowsWritten = 0;
    },
  };
  const metered = {
    prepare: (sql: string) => new MeteredStatement(db.prepare(sql), meter, sql),
    async batch(statements: MeteredStatement[]) {
      const results = await db.batch(statements.map((s) => s.inner));
      results.forEach((result, i) => {
        meter.statements += 1;
        meter.rowsRead += result.meta?.rows_read ?? 0;
        meter.rowsWritten += result.meta?.rows_written ?? 0;
        tally(meter, statements[i]?.sql ?? "", result.meta);
      });
      return results;
    },
    async exec(sql: string) {
      const result = await db.exec(sql);
      meter.statements += result.count;
      return result;
    },
  };
  return { db: metered as unknown as D1Database, meter };
}

/** The statement's name in the tallies: its INSERT/UPDATE/DELETE target, else its first words. */
function tally(meter: D1Meter, sql: string, meta: Meta["meta"]) {
  const target = /(INSERT(?: OR \w+)? INTO|UPDATE|DELETE FROM)\s+(\w+)/i.exec(sql);
  const key = target ? `${target[1]} ${target[2]}` : sql.replace(/\s+/g, " ").slice(0, 60);
  const add = (into: Map<string, number>, rows: number) => {
    if (rows > 0) into.set(key, (into.get(key) ?? 0) + rows);
  };
  add(meter.bySql, meta?.rows_written ?? 0);
  add(meter.readBySql, meta?.rows_read ?? 0);
}
