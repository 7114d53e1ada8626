// A number sent as text (a query string, a path; a tool argument sent as a string) is written in
// digits. The operations' schemas coerce text with Number(), which alone reads "1e1", "0x10" and
// " 10" as numbers (`?per_page=1e1` served 10 items), and a tool's `true` or `[1]` as 1 (MCP
// `delete_milestone` with `"milestone_id": [1]` deleted milestone 1): executeOperation refuses those
// first, on every face, naming the field. A JSON number is the schema's to check.
import type { z } from 'zod';
import { fieldError } from '@/lib/errors/app-error';
import type { AnyOperation } from './define';

/** A whole number in digits; a field that takes fractions (a test's `seconds=0.3`) also a decimal point. */
const WHOLE = /^-?\d+$/;
const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const numberFields = new WeakMap<AnyOperation, Map<string, NumberField>>();

/** The schema under optional, default, nullable and the like. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let inner = innerOf(s); inner; inner = innerOf(s)) s = inner;
  return s;
}
function innerOf(schema: z.ZodType): z.ZodType | undefined {
  return (schema._zod.def as { innerType?: z.ZodType }).innerType;
}

/** Whether null is a value of the field (a nullable wrapper), rather than something coercion reads as 0. */
function takesNull(schema: z.ZodType): boolean {
  for (let s: z.ZodType | undefined = schema; s; s = innerOf(s)) if (s._zod.def.type === 'nullable') return true;
  return false;
}

type NumberField = { written: RegExp; nullable: boolean };

function numberFieldsOf(op: AnyOperation): Map<string, NumberField> {
  let fields = numberFields.get(op);
  if (!fields) {
    const shape = (op.input as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
    fields = new Map();
    for (const [key, schema] of Object.entries(shape)) {
      const inner = unwrapped(schema);
      if (inner._zod.def.type === 'number')
        fields.set(key, {
          written: (inner as unknown as { isInt?: boolean }).isInt ? WHOLE : DECIMAL,
          nullable: takesNull(schema),
        });
    }
    numberFields.set(op, fields);
  }
  return fields;
}

/** Refuses (422 naming it) a numeric field sent as anything but a number or digits. */
export function assertNumbersInDigits(op: AnyOperation, values: Record<string, unknown>): void {
  for (const [key, { written, nullable }] of numberFieldsOf(op)) {
    const value = values[key];
    const text = typeof value === 'string';
    // null is no number either: coercion read it as 0 ("More than 0." for a listing_id of null).
    if (
      (text && !written.test(value)) ||
      typeof value === 'boolean' ||
      (value === null && !nullable) ||
      (value !== null && typeof value === 'object')
    )
      throw fieldError(
        key,
        written === WHOLE
          ? 'Use a whole number written in digits, like 20.'
          : 'Use a number written in digits, like 2.5.',
      );
    // Past 2^53 the digits no longer name one number: the schema's own maximum would not be the one said.
    if (text && Math.abs(Number(value)) > Number.MAX_SAFE_INTEGER) throw fieldError(key, 'This number is too large.');
  }
}
