// The members plugin's browser components and store type that other plugins' pages may use
// (imported from their lazily loaded pages, never from a manifest).
export { ProfileCard } from './web/ProfileCard.tsx';
export { INTERESTS } from './interests.ts';
export { ProfileGrid } from './web/ProfileGrid.tsx';
export { PhotoView } from './web/PhotoView.tsx';
export { PremiumBadge } from './web/PremiumBadge.tsx';
export { FictionalBadge, FictionalNotice, FictionalLegend, fictionalWording, useFictionalWording } from './web/FictionalMark.tsx';
export type { MembersStoreInstance } from './web/store.ts';
export { membersSlice } from './web/store.ts';
