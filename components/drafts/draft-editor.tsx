'use client';
// The draft editor: one form (works without JavaScript) whose buttons save, restore or redraft a
// field, or submit the listing. The server action sends only what changed. After each save the
// fields remount from the saved draft; after a refusal, from what the founder had typed.
import { useActionState, useEffect, useState } from 'react';
import { saveDraftAction, type EditorState } from '@/lib/actions/drafts';
import { idleState } from '@/lib/actions/state';
import type { DraftView } from '@/lib/drafts/types';
import { ActionBar } from './action-bar';
import { CompletenessMeter } from './completeness-meter';
import { draftToValues } from '@/lib/drafts/form-values';
import { FaqsEditor } from './faqs-editor';
import { FoundersEditor } from './founders-editor';
import { InviteCofounder, InviteFormHost, useInvite } from './invite-cofounder';
import { PagesRead } from './pages-read';
import { CategoriesInput, ProfileInput } from './profile-fields';
import { Panel, SectionHeader, SubSection } from './section-card';
import { CompetitorEditor, SeoEditor } from './seo-competitor';
import { SocialsEditor } from './socials-editor';
import { MilestonesEditor, StoryEditor } from './story-milestones';
import { SubmitSuccess } from './submit-success';
import { DirtyContext } from './use-rows';
import { cardClass } from '@/components/ui/card';

const SECTIONS_NAV = [
  ['#basics', 'The basics'],
  ['#company', 'Company facts'],
  ['#team', 'The team'],
  ['#questions', 'Questions & story'],
  ['#discovery', 'Competitor & search'],
] as const;

export function DraftEditor({ draft, categories, banner }: { draft: DraftView; categories: string[]; banner?: React.ReactNode }) {
  const [state, formAction, pending] = useActionState<EditorState, FormData>(saveDraftAction, idleState({ nonce: 0 }));
  const [inviteState, inviteAction, invitePending] = useInvite();
  const [dirtySince, setDirtySince] = useState<number | null>(null);
  const nonce = state.nonce ?? 0;
  const dirty = dirtySince !== null && (dirtySince >= nonce || state.status === 'error');
  const markDirty = () => setDirtySince(nonce);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // After a refusal, take the founder to the first field that needs fixing.
  useEffect(() => {
    if (!state.fieldErrors || Object.keys(state.fieldErrors).length === 0) return;
    const first = document.querySelector<HTMLElement>('form[aria-label="Edit draft"] [aria-invalid="true"]');
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [state.nonce, state.fieldErrors]);

  const values = state.values ?? draftToValues(draft);
  const errors = state.fieldErrors ?? {};
  const common = { draft, values, errors, pending };

  return (
    <div className="space-y-6">
      {state.data ? <SubmitSuccess listingId={state.data.listing_id} status={state.data.listing_status} created={state.data.created} draftId={draft.id} /> : banner}
      <InviteFormHost draftId={draft.id} action={inviteAction} />
      <form action={formAction} onInput={(e) => (e.target as HTMLInputElement).form === e.currentTarget && markDirty()} noValidate aria-label="Edit draft">
        <input type="hidden" name="draft_id" value={draft.id} />
        {/* Enter in a text field saves (the first submit button in a form is its default). */}
        <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden className="sr-only">
          Save
        </button>
        <DirtyContext.Provider value={markDirty}>
          <div key={`${draft.updated_at}:${nonce}`} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
            <aside className="space-y-4 lg:sticky lg:top-20 lg:order-last lg:max-h-[calc(100vh-10rem)] lg:self-start lg:overflow-y-auto">
              <CompletenessMeter draft={draft} />
              <nav aria-label="Sections" className={`hidden p-2 lg:block ${cardClass}`}>
                {SECTIONS_NAV.map(([href, label]) => (
                  <a key={href} href={href} className="block rounded-lg px-3 py-1.5 text-sm text-stone-700 hover:bg-stone-50 hover:text-stone-900">
                    {label}
                  </a>
                ))}
              </nav>
              <PagesRead pages={draft.pages} />
            </aside>
            <div className="min-w-0 space-y-6">
              <Panel id="basics" title="The basics" intro="What people see first on cards, search and your product page.">
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
                  <SectionHeader name="company_socials" draft={draft} pending={pending} description="Your product's profiles: one link per platform." />
                  <SocialsEditor prefix="company_socials" initial={values.company_socials} errors={errors} label="Company link" />
                </SubSection>
              </Panel>
              <Panel id="team" title="The team" intro="Listings with a founder photo and bio get more trust (and a publishable founder story).">
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
        </DirtyContext.Provider>
        <ActionBar pending={pending} dirty={dirty} state={state} submitted={draft.listing_id !== null} />
      </form>
    </div>
  );
}
