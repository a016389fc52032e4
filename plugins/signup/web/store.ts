import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import type { StoreEnv } from '../../../kernel/web/store.ts';
import { regions, type RegionsResponse } from '../../members/contract.ts';
import { resendActivation } from '../../account/contract.ts';
import {
  COMPLETION_STEP, geocode, signup, signupBody, signupCheck, TRACKING_COOKIE, trackingFrom,
  type GeocodeResult, type SignupDraft, type SignupRequest, type SignupResponse, type Tracking,
} from '../contract.ts';
import { storeSlice } from '../../../kernel/web/slice.ts';
import { readCookie, writeCookie } from '../../../kernel/web/cookies.ts';

export const DRAFT_KEY = 'signup-draft';
const TRACKING_DAYS = 30;

/** The regions of the site's countries (members' GET /api/regions.php), for step 2. */
export type { RegionsResponse };

function readDraft(): SignupDraft {
  try {
    const d = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}') as SignupDraft & { password?: unknown };
    delete d.password;
    return d;
  } catch {
    return {};
  }
}

/** Tracking data from the cookie set when the visitor arrived (read by the server too). */
export function storedTracking(): Tracking {
  const raw = readCookie(TRACKING_COOKIE);
  try {
    return raw ? trackingFrom(JSON.parse(raw)) : {};
  } catch {
    return {};
  }
}

export function storeTracking(t: Tracking) {
  writeCookie(TRACKING_COOKIE, JSON.stringify(t), TRACKING_DAYS * 86400);
}

/** The signup in progress: the steps' answers (saved across reloads, never the password) and where we are. */
export const SignupStore = types
  .model('SignupStore', {
    draft: types.frozen<SignupDraft>({}),
    step: 0,
    /** The address the activation mail went to (completion step, complete-signup page). */
    sentTo: '',
  })
  .volatile(() => ({ password: '', regions: null as RegionsResponse | null }))
  .views((self) => ({
    /** Once the first answer is given and until the account exists, the dialog must not close by accident. */
    get inProgress() {
      return self.step > 0 && self.step < COMPLETION_STEP;
    },
    get done() {
      return self.step === COMPLETION_STEP;
    },
  }))
  .actions((self) => {
    const env = () => getEnv<StoreEnv>(self);
    const persist = () => {
      try {
        localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...self.draft, step: self.step }));
      } catch { /* private mode: the draft lives for this page only */ }
    };
    return {
      afterCreate() {
        const d = readDraft();
        const { step, ...draft } = d;
        self.draft = draft;
        self.step = Math.min(Math.max(0, Number(step) || 0), COMPLETION_STEP - 1);
      },
      update(patch: SignupDraft) {
        self.draft = { ...self.draft, ...patch };
        persist();
      },
      setPassword(p: string) {
        self.password = p;
      },
      goTo(step: number) {
        self.step = Math.max(0, Math.min(step, COMPLETION_STEP));
        persist();
      },
      loadRegions: flow(function* () {
        if (!self.regions) {
          const res: RegionsResponse = yield env().api.call(regions);
          self.regions = res;
        }
        return self.regions;
      }),
      /** Checks the answers of one step on the server (which applies the same rules as the browser). */
      check: flow(function* (fields: Partial<SignupRequest>) {
        yield env().api.call(signupCheck, { body: { ...fields, tracking: storedTracking() } });
      }),
      submit: flow(function* (language: string) {
        const d = self.draft;
        const body = signupBody(d, self.password, language, storedTracking());
        const res: SignupResponse = yield env().api.call(signup, { body });
        self.sentTo = res.user.email;
        self.password = '';
        self.step = COMPLETION_STEP;
        // The account exists: the draft has done its job (what the member looks for stays for the suggestions).
        self.draft = { looking_for: d.looking_for, country: d.country };
        try { localStorage.removeItem(DRAFT_KEY); } catch { /* ignore */ }
        return res.user;
      }),
      /** Country, region and city of a position (step 2's "use my location"). */
      geocode: flow(function* (lat: number, lon: number) {
        const res: { result: GeocodeResult } = yield env().api.call(geocode, { query: { lat: Number(lat.toFixed(3)), lon: Number(lon.toFixed(3)) } }, { retries: 1 });
        return res.result;
      }),
      resendActivation: flow(function* () {
        yield env().api.call(resendActivation, { body: {} });
      }),
      /** After completion: the next signup on this device starts at the first step. */
      clear() {
        self.step = 0;
        self.sentTo = '';
        try { localStorage.removeItem(DRAFT_KEY); } catch { /* ignore */ }
      },
    };
  });

export type SignupStoreInstance = Instance<typeof SignupStore>;

/** This plugin's store slice: `signupSlice.of(kernel)`. */
export const signupSlice = storeSlice('signup', SignupStore);
