'use client';
// Founders with photo, role, bio and links (the first is the primary founder, whose links are
// the draft's founder_socials), plus the co-founder invite form beside them.
import { useState } from 'react';
import { MAX_FOUNDERS, type DraftView } from '@/lib/drafts/types';
import type { FounderRow, SocialRow } from '@/lib/drafts/form-values';
import { EvidenceList } from './evidence-list';
import { inputClass } from '@/components/ui/field';
import { LINKS_EVIDENCE, SectionEvidence, SectionHeader, SubSection } from './section-card';
import { SafeImage } from './safe-image';
import { SocialsEditor } from './socials-editor';
import { StateBadge } from './state-badge';
import { addButton, smallButton, useRows } from './use-rows';
import { FieldError } from '@/components/ui/field-error';

function Photo({ url, name }: { url: string; name: string }) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]!.toUpperCase())
      .join('') || '?';
  return (
    <SafeImage
      src={url}
      alt={name ? `Photo of ${name}` : 'Founder photo'}
      className="h-14 w-14 shrink-0 rounded-full border border-stone-200 bg-stone-100 object-cover"
      fallback={
        <span
          aria-hidden
          className="grid h-14 w-14 shrink-0 place-items-center rounded-full bg-brand-100 text-lg font-semibold text-brand-700"
          title={url ? "The photo address doesn't load" : 'No photo yet'}
        >
          {initials}
        </span>
      }
    />
  );
}

function FounderCard({
  i,
  value,
  draft,
  errors,
  founderSocials,
  onRemove,
  onUp,
  total,
  rowRef,
}: {
  rowRef: (el: HTMLElement | null) => void;
  i: number;
  value: FounderRow;
  draft: DraftView;
  errors: Record<string, string>;
  founderSocials: SocialRow[];
  onRemove: () => void;
  onUp: () => void;
  total: number;
}) {
  const [photo, setPhoto] = useState(value.photo_url);
  const [name, setName] = useState(value.name);
  const err = (k: string) => errors[`founders.${i}.${k}`];
  const drafted =
    draft.sections.founders.state === 'ai' ? draft.founders.find((f) => f.name === value.name) : undefined;
  return (
    <li ref={rowRef} className="rounded-xl border border-stone-200 p-3 sm:p-4">
      <div className="flex items-start gap-3">
        <Photo url={photo} name={name} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-xs font-semibold text-stone-500">
              {i === 0 ? 'Primary founder' : `Founder ${i + 1}`}
              {value.founder_profile_id ? ' · joined by invite' : ''}
            </span>
            <span className="flex gap-1">
              {i > 0 && (
                <button
                  type="button"
                  onClick={onUp}
                  className={smallButton}
                  aria-label={`Make founder ${i + 1} ${i === 1 ? 'primary' : 'earlier'}`}
                >
                  ↑
                </button>
              )}
              {total > 0 && (
                <button type="button" onClick={onRemove} className={smallButton} aria-label={`Remove founder ${i + 1}`}>
                  Remove
                </button>
              )}
            </span>
          </div>
          <input type="hidden" name={`founders.${i}.founder_profile_id`} value={value.founder_profile_id} />
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            <input
              name={`founders.${i}.name`}
              defaultValue={value.name}
              onInput={(e) => setName(e.currentTarget.value)}
              maxLength={100}
              placeholder="Full name"
              aria-label={`Founder ${i + 1}: name`}
              aria-invalid={err('name') ? true : undefined}
              className={inputClass}
            />
            <input
              name={`founders.${i}.role`}
              defaultValue={value.role}
              maxLength={100}
              placeholder="Role, e.g. Co-founder & CEO"
              aria-label={`Founder ${i + 1}: role`}
              className={inputClass}
            />
          </div>
          <FieldError className="mt-1">{err('name') ?? err('role')}</FieldError>
        </div>
      </div>
      <input
        name={`founders.${i}.photo_url`}
        type="url"
        inputMode="url"
        defaultValue={value.photo_url}
        onInput={(e) => setPhoto(e.currentTarget.value)}
        placeholder="Photo address (https://…)"
        aria-label={`Founder ${i + 1}: photo address`}
        aria-invalid={err('photo_url') ? true : undefined}
        className={`${inputClass} mt-2`}
      />
      <FieldError className="mt-1">{err('photo_url')}</FieldError>
      <textarea
        name={`founders.${i}.bio`}
        defaultValue={value.bio}
        maxLength={3000}
        rows={2}
        placeholder="A short bio"
        aria-label={`Founder ${i + 1}: bio`}
        className={`${inputClass} mt-2`}
      />
      <FieldError className="mt-1">{err('bio')}</FieldError>
      <div className="mt-3">
        {i === 0 ? (
          <>
            <div className="mb-1.5 flex items-center gap-2">
              <span className="text-xs font-semibold text-stone-600">Links</span>
              <StateBadge state={draft.sections.founder_socials.state} id="founder_socials" />
            </div>
            <div id="field-founder_socials" className="scroll-mt-24">
              <SocialsEditor
                prefix="founder_socials"
                initial={founderSocials}
                errors={errors}
                label="Primary founder link"
              />
              <SectionEvidence name="founder_socials" draft={draft} label={LINKS_EVIDENCE} />
            </div>
          </>
        ) : (
          <>
            <span className="mb-1.5 block text-xs font-semibold text-stone-600">Links</span>
            <SocialsEditor
              prefix={`founders.${i}.socials`}
              initial={value.socials}
              errors={errors}
              label={`Founder ${i + 1} link`}
            />
          </>
        )}
      </div>
      {drafted && <EvidenceList evidence={drafted.evidence.filter((e) => !/^https?:/.test(e.quote)).slice(0, 4)} />}
    </li>
  );
}

export function FoundersEditor({
  draft,
  initial,
  founderSocials,
  errors,
  pending,
  invite,
}: {
  draft: DraftView;
  initial: FounderRow[];
  founderSocials: SocialRow[];
  errors: Record<string, string>;
  pending: boolean;
  invite: React.ReactNode;
}) {
  const blank = (): FounderRow => ({ name: '', role: '', photo_url: '', bio: '', founder_profile_id: '', socials: [] });
  // An empty team starts with one blank card to fill in (blank cards are not saved).
  const { rows, add, remove, move, canAdd, rowRef } = useRows<FounderRow>(
    initial.length ? initial : [blank()],
    blank,
    MAX_FOUNDERS,
  );
  return (
    <SubSection name="founders">
      <SectionHeader
        name="founders"
        draft={draft}
        pending={pending}
        description="The people behind the product. The first is the primary founder: you. On submitting, your account’s founder profile takes that place (made from that entry if you have none yet); a founder of another name found here stays, listed after you."
      />
      <FieldError className="mt-1">{errors.founders}</FieldError>
      {initial.length === 0 && (
        <p className="mb-3 rounded-lg bg-stone-50 p-3 text-sm text-stone-600">
          We found no team page naming the founders. Add yourself here, then invite your co-founders below.
        </p>
      )}
      {rows.length === 0 && (
        <div id="field-founder_socials" className="scroll-mt-24">
          <span className="mb-1.5 block text-xs font-semibold text-stone-600">Primary founder&apos;s links</span>
          <SocialsEditor
            prefix="founder_socials"
            initial={founderSocials}
            errors={errors}
            label="Primary founder link"
          />
        </div>
      )}
      <ol className="space-y-3">
        {rows.map(({ key, value }, i) => (
          <FounderCard
            key={key}
            rowRef={rowRef(key)}
            i={i}
            value={value}
            draft={draft}
            errors={errors}
            founderSocials={founderSocials}
            onRemove={() => remove(key)}
            onUp={() => move(key, -1)}
            total={rows.length}
          />
        ))}
      </ol>
      {canAdd && (
        <button type="button" onClick={add} className={`${addButton} mt-3`}>
          + Add a founder
        </button>
      )}
      {invite}
    </SubSection>
  );
}
