import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import type { StoreEnv } from '../../../kernel/web/store.ts';
import type { ProfileSummary } from '../../members/contract.ts';
import {
  autoLike, like, listLikes, markSeen, unlike,
  type AutoLikeResponse, type ButtonLikeSource, type LikeEntry, type LikeResponse, type LikesResponse,
} from '../contract.ts';
import { storeSlice } from '../../../kernel/web/slice.ts';
import { sameData } from '../../../kernel/web/same.ts';

/** Likes given (`sent`) and received, the new-likes count and matches. */
export const LikesStore = types
  .model('LikesStore', {
    sent: types.frozen<LikeEntry[]>([]),
    received: types.frozen<LikeEntry[]>([]),
    loaded: false,
  })
  // edits: likes given or taken back on this page, so a list asked for before one is not taken over it.
  .volatile(() => ({ loading: false, error: null as unknown, edits: 0 }))
  .views((self) => ({
    get newCount() {
      return self.received.filter((e) => e.like_new).length;
    },
    isLiked(id: number) {
      return self.sent.some((e) => e.profile.id === id);
    },
    likedMe(id: number) {
      return self.received.some((e) => e.profile.id === id);
    },
    get matches() {
      const mine = new Set(self.sent.map((e) => e.profile.id));
      return self.received.filter((e) => mine.has(e.profile.id));
    },
  }))
  .actions((self) => {
    const env = () => getEnv<StoreEnv & { kernel?: { startLoading(): void; stopLoading(): void } }>(self);
    const api = () => env().api;
    // A poll that brings nothing new changes nothing (every heart on the page observes these lists).
    const setLists = (res: LikesResponse, sentToo = true) => {
      if (sentToo && !sameData(self.sent, res.profiles)) self.sent = res.profiles;
      if (!sameData(self.received, res.liked_by)) self.received = res.liked_by;
      self.loaded = true;
    };
    return {
      /** The page's progress indicator shows on the first load only (polls are silent). */
      load: flow(function* () {
        self.loading = !self.loaded;
        const edits = self.edits;
        try {
          const res: LikesResponse = yield api().call(listLikes);
          // A like given meanwhile (a tap as the page opens) may not be in this answer: the likes
          // sent stay as they are on screen until the next load.
          setLists(res, edits === self.edits);
          self.error = null;
        } catch (err) {
          self.error = err;
        } finally {
          self.loading = false;
        }
      }),
      /** Likes at once on screen; the server's answer confirms (or the like is taken back). */
      like: flow(function* (profile: ProfileSummary, source: ButtonLikeSource = 'profile') {
        self.edits++;
        const before = self.sent;
        if (!self.sent.some((e) => e.profile.id === profile.id)) {
          self.sent = [{ profile, like_new: false, created_at: new Date().toISOString() }, ...self.sent];
        }
        try {
          const res: LikeResponse = yield api().call(like, { body: { id: profile.id, source } });
          return res;
        } catch (err) {
          self.sent = before;
          throw err;
        }
      }),
      unlike: flow(function* (id: number) {
        self.edits++;
        const before = self.sent;
        self.sent = self.sent.filter((e) => e.profile.id !== id);
        try {
          yield api().call(unlike, { body: { id } });
        } catch (err) {
          self.sent = before;
          throw err;
        }
      }),
      /** Opening a liker's profile: that like is not new anymore. */
      markSeen: flow(function* (id: number) {
        if (!self.received.some((e) => e.profile.id === id && e.like_new)) return;
        self.received = self.received.map((e) => (e.profile.id === id ? { ...e, like_new: false } : e));
        yield api().call(markSeen, { body: { id, seen: true } }).catch(() => {});
      }),
      autoLike: flow(function* () {
        const res: AutoLikeResponse = yield api().call(autoLike, { body: {} });
        return res.profile;
      }),
      clear() {
        self.sent = [];
        self.received = [];
        self.loaded = false;
      },
    };
  });

export type LikesStoreInstance = Instance<typeof LikesStore>;

/** This plugin's store slice: `likesSlice.of(kernel)`. */
export const likesSlice = storeSlice('likes', LikesStore);
