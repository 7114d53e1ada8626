'use client';
// The draft editor: one form (works without JavaScript) whose buttons save, restore or redraft a
// field, or submit the listing. The server action sends only what changed, with the version the
// fields were loaded at: a change made elsewhere meanwhile comes back as a conflict to settle.
// After each explicit save the fields remount from the saved draft; after a refusal, from what the
// founder had typed. Before submission it also saves by itself a moment after typing stops (no
// remount: the founder keeps typing); after submission an edit changes the live listing, so only
// the explicit save does.
import { withHttps } from '@/components/url-scheme';
import { useActionState, useEffect, useRef, useState } from 'react';
import { saveDraftAction, type EditorConflict, type EditorState } from '@/lib/actions/drafts';
import { idleState, SIGNED_OUT_MESSAGE } from '@/lib/actions/state';
import type { DraftView } from '@/lib/drafts/types';
import type { EditorValues } from '@/lib/drafts/form-values';
import { ActionBar, type AutosaveState } from './action-bar';
import { ConflictPanel } from './conflict-panel';
import { useLeaveGuard } from './use-leave-guard';
import { CompletenessMeter } from './completeness-meter';
import { draftToValues } from '@/lib/drafts/form-values';
import { fieldsInWords } from '@/lib/drafts/field-labels';
import { FaqsEditor } from './faqs-editor';
import { FoundersEditor } from './founders-editor';
import { InviteCofounder, InviteFormHost, useInvite } from './invite-cofounder';
import { PagesRead } from './pages-read';
import { CategoriesInput, ProfileInput } from './profile-fields';
import { LINKS_EVIDENCE, Panel, SectionEvidence, SectionHeader, SubSection } from './section-card';
import { CompetitorEditor, SeoEditor } from './seo-competitor';
import { SocialsEditor } from './socials-editor';
import { MilestonesEditor, StoryEditor } from './story-milestones';
import { SubmitSuccess } from './submit-success';
import { DirtyContext, EditsContext } from './use-rows';
import { cardClass } from '@/components/ui/card';

const SECTIONS_NAV = [
  ['#basics', 'The basics'],
  ['#company', 'Company facts'],
  ['#team', 'The team'],
  ['#questions', 'Questions & story'],
  ['#discovery', 'Competitor & search'],
] as const;

/** Autosave waits this long after the last keystroke. */
export const AUTOSAVE_MS = 1500;

/** What the fields stand on: the version and values they were loaded or last saved at. */
type Base = {
  version: number;
  values: EditorValues;
  /** Changes → the fields remount. */
  mountKey: string;
  /** Edits the last successful save covered, and the edit count when the last explicit save was sent. */
  saved: number;
  sent: number;
  conflict: EditorConflict | null;
  /** The last draft version and action result this state has taken in. */
  seenVersion: number;
  seenNonce: number;
};

export function DraftEditor({
  draft,
  categories,
  banner,
}: {
  draft: DraftView;
  categories: string[];
  banner?: React.ReactNode;
}) {
  const [state, formAction, pending] = useActionState<EditorState, FormData>(saveDraftAction, idleState({ nonce: 0 }));
  const [inviteState, inviteAction, invitePending] = useInvite();
  const [edits, setEdits] = useState(0);
  const [auto, setAuto] = useState<AutosaveState>({ phase: 'idle' });
  const [base, setBase] = useState<Base>(() => ({
    version: draft.version,
    values: draftToValues(draft),
    mountKey: `v${draft.version}`,
    saved: 0,
    sent: 0,
    conflict: null,
    seenVersion: draft.version,
    seenNonce: 0,
  }));
  const formRef = useRef<HTMLFormElement>(null);
  const inflight = useRef<Promise<void> | null>(null);
  const nonce = state.nonce ?? 0;
  const dirty = edits > base.saved;
  const markDirty = () => setEdits((n) => n + 1);
  const autosave = draft.status !== 'submitted';

  // Take in what the server sent (adjusting state while rendering, not in an effect).
  let next = base;
  if (nonce !== next.seenNonce) {
    // An explicit save came back: the fields remount (from the saved draft, or from what was typed).
    const ok = state.status === 'ok';
    next = { ...next, seenNonce: nonce, mountKey: `n${nonce}`, conflict: state.conflict ?? null };
    if (ok)
      next = {
        ...next,
        saved: next.sent,
        version: state.saved?.version ?? draft.version,
        values: state.saved?.values ?? draftToValues(draft),
        seenVersion: draft.version,
      };
    if (auto.phase !== 'idle') setAuto({ phase: 'idle' });
  }
  if (draft.version !== next.seenVersion) {
    // A newer draft: our own autosave (keep the fields as typed), or a change made elsewhere. With
    // unsaved work the fields stay and keep their version, so the next save shows the conflict.
    const keep = draft.version === next.version || edits > next.saved;
    next = { ...next, seenVersion: draft.version };
    if (!keep) next = { ...next, version: draft.version, values: draftToValues(draft), mountKey: `v${draft.version}` };
  }
  if (next !== base) setBase(next);

  useLeaveGuard(dirty || auto.phase === 'saving');

  // Before submission: save a moment after typing stops, one save at a time.
  useEffect(() => {
    if (
      !autosave ||
      !dirty ||
      pending ||
      base.conflict ||
      auto.phase === 'saving' ||
      (auto.phase === 'error' && auto.edits === edits)
    )
      return;
    const timer = window.setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      const at = edits;
      const fd = new FormData(form);
      fd.set('intent', 'save');
      // A link still being typed has not had https:// put in front (that happens on leaving the field):
      // sent as typed, "otter.ai" was refused here and saved by Save draft.
      for (const input of form.querySelectorAll<HTMLInputElement>('input[type="url"]'))
        if (input.name && fd.get(input.name) === input.value) fd.set(input.name, withHttps(input.value));
      setAuto({ phase: 'saving' });
      inflight.current = saveDraftAction(idleState({ nonce: 0 }), fd)
        .then(
          (r) => {
            if (r.status === 'ok' && r.saved) {
              const saved = r.saved;
              setBase((b) => ({ ...b, version: saved.version, values: saved.values, saved: Math.max(b.saved, at) }));
              setAuto({ phase: 'saved' });
            } else if (r.conflict) {
              const conflict = r.conflict;
              setBase((b) => ({ ...b, conflict }));
              setAuto({ phase: 'idle' });
            } else {
              const bad = fieldsInWords(Object.keys(r.fieldErrors ?? {}));
              const message = bad
                ? `Not saved: fix ${bad} first (nothing else is saved until then). Save draft shows where.`
                : r.message === SIGNED_OUT_MESSAGE
                  ? r.message
                  : `Not saved: ${r.message ?? 'please try again.'}`;
              setAuto({ phase: 'error', edits: at, message });
            }
          },
          () =>
            setAuto({
              phase: 'error',
              edits: at,
              message: 'Not saved: your changes could not be saved just now. Please try again.',
            }),
        )
        .finally(() => {
          inflight.current = null;
        });
    }, AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [autosave, dirty, pending, base.conflict, base.sent, auto, edits]);

  // An explicit save waits for an autosave under way (both send the version they stand on).
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget;
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    if (inflight.current) {
      e.preventDefault();
      void inflight.current.then(() => window.setTimeout(() => form.requestSubmit(submitter), 50));
      return;
    }
    setBase((b) => ({ ...b, sent: edits }));
  };

  // After a refusal, take the founder to the first field that needs fixing.
  useEffect(() => {
    if (!state.fieldErrors || Object.keys(state.fieldErrors).length === 0) return;
    const first = document.querySelector<HTMLElement>('form[aria-label="Edit draft"] [aria-invalid="true"]');
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [state.nonce, state.fieldErrors]);

  const values = state.status === 'error' && state.values && base.mountKey === `n${nonce}` ? state.values : base.values;
  // An autosave since the refusal took the whole form: nothing it named is wrong any more.
  const errors = auto.phase === 'saved' ? {} : (state.fieldErrors ?? {});
  const common = { draft, values, errors, pending };

  return (
    <div className="space-y-6">
      {state.data ? (
        <SubmitSuccess
          listingId={state.data.listing_id}
          status={state.data.listing_status}
          created={state.data.created}
          draftId={draft.id}
        />
      ) : (
        banner
      )}
      <InviteFormHost draftId={draft.id} action={inviteAction} />
      <form
        ref={formRef}
        action={formAction}
        onSubmit={onSubmit}
        onInput={(e) => (e.target as HTMLInputElement).form === e.currentTarget && markDirty()}
        noValidate
        aria-label="Edit draft"
      >
        <input type="hidden" name="draft_id" value={draft.id} />
        <input type="hidden" name="version" value={base.version} />
        {/* Enter in a text field saves (the first submit button in a form is its default). */}
        <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden className="sr-only">
          Save
        </button>
        {base.conflict && <ConflictPanel conflict={base.conflict} base={base.values} pending={pending} />}
        <DirtyContext.Provider value={markDirty}>
          <EditsContext.Provider value={{ edits, saved: base.saved }}>
            <div key={base.mountKey} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
              <aside className="space-y-4 lg:sticky lg:top-20 lg:order-last lg:max-h-[calc(100vh-10rem)] lg:self-start lg:overflow-y-auto">
                <CompletenessMeter draft={draft} />
                <nav aria-label="Sections" className={`hidden p-2 lg:block ${cardClass}`}>
                  {SECTIONS_NAV.map(([href, label]) => (
                    <a
                      key={href}
                      href={href}
                      className="block rounded-lg px-3 py-1.5 text-sm text-stone-700 hover:bg-stone-50 hover:text-stone-900"
                    >
                      {label}
                    </a>
                  ))}
                </nav>
                <PagesRead pages={draft.pages} />
              </aside>
              <div className="min-w-0 space-y-6">
                <Panel
                  id="basics"
                  title="The basics"
                  intro="What people see first on cards, search and your product page."
                >
                  <ProfileInput name="name" {...common} />
                  <ProfileInput name="headline" {...common} />
                  <ProfileInput name="summary" {...common} />
                  <ProfileInput name="description" {...common} />
                  <CategoriesInput {...common} categories={categories} />
                  <ProfileInput name="logo_url" {...common} />
                </Panel>
                <Panel id="company" title="Company facts" intro="Shown in the facts box of your listing.">
                  <ProfileInput name="pricing" {...common} />
                  <div className="grid gap-x-6 sm:grid-cols-2">
                    <ProfileInput name="company_name" {...common} />
                    <ProfileInput name="founded_year" {...common} />
                    <ProfileInput name="headquarters" {...common} />
                    <ProfileInput name="team_size" {...common} />
                  </div>
                  <ProfileInput name="contact_email" {...common} />
                  <SubSection name="company_socials">
                    <SectionHeader
                      name="company_socials"
                      draft={draft}
                      pending={pending}
                      description="Your product's profiles: one link per platform."
                    />
                    <SocialsEditor
                      prefix="company_socials"
                      initial={values.company_socials}
                      errors={errors}
                      label="Company link"
                    />
                    <SectionEvidence name="company_socials" draft={draft} label={LINKS_EVIDENCE} />
                  </SubSection>
                </Panel>
                <Panel
                  id="team"
                  title="The team"
                  intro="Listings with a founder photo and bio get more trust (and a publishable founder story)."
                >
                  <FoundersEditor
                    draft={draft}
                    initial={values.founders}
                    founderSocials={values.founder_socials}
                    errors={errors}
                    pending={pending}
                    invite={<InviteCofounder invites={draft.invites} state={inviteState} pending={invitePending} />}
                  />
                </Panel>
                <Panel id="questions" title="Questions & story">
                  <FaqsEditor draft={draft} initial={values.faqs} errors={errors} pending={pending} />
                  <StoryEditor draft={draft} initial={values.story} errors={errors} pending={pending} />
                  <MilestonesEditor draft={draft} initial={values.milestones} errors={errors} pending={pending} />
                </Panel>
                <Panel id="discovery" title="Competitor & search">
                  <CompetitorEditor draft={draft} initial={values.competitor_url} errors={errors} pending={pending} />
                  <SeoEditor draft={draft} initial={values.seo} errors={errors} pending={pending} />
                </Panel>
              </div>
            </div>
          </EditsContext.Provider>
        </DirtyContext.Provider>
        <ActionBar
          pending={pending}
          dirty={dirty}
          state={state}
          submitted={draft.listing_id !== null}
          autosave={autosave}
          auto={auto}
          conflict={base.conflict !== null}
        />
      </form>
    </div>
  );
}
