import { useMemo, useReducer, useRef } from 'react';
import { COMPLETION_STEP, geocode, signup, signupBody, signupCheck, type SignupDraft, type SignupExtras, type SignupRequest, type Tracking } from '../../plugins/signup/contract.ts';
import type { SignupActions, SignupState } from '../../plugins/signup/web/SignupSteps.tsx';
import { regions } from '../../plugins/members/contract.ts';
import type { User } from '../../plugins/auth/contract.ts';
import type { WidgetApi } from '../kernel/api.ts';

/** The signup answer to the widget: the new member and the one-time link that logs them in on the site. */
export interface WidgetSignupResult { user: User; handoff_url: string }

/**
 * The signup steps' state and actions on plain React state (the app keeps them in its MobX store):
 * the same requests, with the partner's tracking data, and the hand-off link asked for. Nothing is
 * kept on the partner's origin (no draft in its storage).
 */
export function useSignupFlow(api: WidgetApi, tracking: Tracking, extras: SignupExtras = {}): [SignupState, SignupActions<WidgetSignupResult>] {
  const ref = useRef<SignupState>({ draft: {}, step: 0, password: '', regions: null });
  const [, render] = useReducer((n: number) => n + 1, 0);
  const set = (patch: Partial<SignupState>) => {
    ref.current = { ...ref.current, ...patch };
    render();
  };
  const actions = useMemo<SignupActions<WidgetSignupResult>>(() => ({
    update: (patch: SignupDraft) => set({ draft: { ...ref.current.draft, ...patch } }),
    setPassword: (password: string) => set({ password }),
    goTo: (step: number) => set({ step: Math.max(0, Math.min(step, COMPLETION_STEP)) }),
    async loadRegions() {
      if (!ref.current.regions) set({ regions: await api.call(regions) });
      return ref.current.regions;
    },
    check: (fields: Partial<SignupRequest>) => api.call(signupCheck, { body: { ...fields, tracking } }),
    async submit(language: string) {
      // With the page's extras: interests for the profile, and where the hand-off link leads.
      const res = await api.call(signup, { body: { ...signupBody(ref.current.draft, ref.current.password, language, tracking), ...extras, handoff: true } });
      // Asked with `handoff`, the answer always carries the link.
      if (!res.handoff_url) throw new Error('signup answered without a hand-off link');
      set({ password: '', step: COMPLETION_STEP });
      return { user: res.user, handoff_url: res.handoff_url };
    },
    async geocode(lat: number, lon: number) {
      const { result } = await api.call(geocode, { query: { lat: Number(lat.toFixed(3)), lon: Number(lon.toFixed(3)) } });
      return result;
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [api, tracking, extras]);
  return [ref.current, actions];
}
