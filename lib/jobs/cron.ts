// A small cron matcher for the local schedule: "TZ=UTC m h dom mon dow" with *, n, a-b, a,b and */n
// (the subset our scheduled jobs use; Inngest reads the same expression).
const RANGES: [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 6],
];

function fieldMatches(field: string, value: number, [min, max]: [number, number]): boolean {
  return field.split(',').some((part) => {
    const [range, stepText] = part.split('/');
    const step = stepText ? Number(stepText) : 1;
    const [from, to] =
      range === '*'
        ? [min, max]
        : range.includes('-')
          ? range.split('-').map(Number)
          : [Number(range), stepText ? max : Number(range)];
    if (![from, to, step].every(Number.isInteger) || step < 1) throw new Error(`unsupported cron field: ${field}`);
    return value >= from && value <= to && (value - from) % step === 0;
  });
}

/** True when the UTC minute of `at` is one of the expression's. */
export function cronMatches(expression: string, at: Date): boolean {
  const fields = expression
    .replace(/^TZ=UTC\s+/, '')
    .trim()
    .split(/\s+/);
  if (fields.length !== 5) throw new Error(`cron needs 5 fields: ${expression}`);
  const values = [at.getUTCMinutes(), at.getUTCHours(), at.getUTCDate(), at.getUTCMonth() + 1, at.getUTCDay()];
  return fields.every((f, i) => fieldMatches(f, values[i], RANGES[i]));
}
