// The length limits of updates and milestones (the schemas in schemas.ts enforce them; forms show them).
export const UPDATE_TITLE_MAX = 120;
export const UPDATE_BODY_MAX = 5000;
export const MILESTONE_TITLE_MAX = 120;
export const MILESTONE_DESCRIPTION_MAX = 1000;
