import { describe, expect, it } from 'vitest';
import { fieldsInWords } from './field-labels';

describe('fieldsInWords', () => {
  it('names each field once, in words, from form error paths', () => {
    expect(fieldsInWords(['contact_email'])).toBe('Contact email');
    expect(fieldsInWords(['fields.contact_email', 'fields.founded_year'])).toBe('Contact email and Founded');
    expect(fieldsInWords(['contact_email', 'founded_year'])).toBe('Contact email and Founded');
    expect(fieldsInWords(['milestones.0.url', 'milestones.2.date', 'founders.1.name', 'logo_url'])).toBe(
      'Milestones, Founders and Logo',
    );
    expect(fieldsInWords(['something_new'])).toBe('something new');
    expect(fieldsInWords([])).toBe('');
  });
});
