import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import type { StoreEnv } from '../../../kernel/web/store.ts';
import { currentUser, login, logout, saveLanguage, type User, type UserResponse } from '../contract.ts';
import { storeSlice } from '../../../kernel/web/slice.ts';
import type { Locale } from '../../../kernel/contract/locales.ts';
import { sameData } from '../../../kernel/web/same.ts';

/** Who is logged in. `setSession` is wired by the manifest to the kernel's session state. */
export const AuthStore = types
  .model('AuthStore', {
    user: types.maybeNull(types.frozen<User>()),
  })
  .volatile(() => ({ onSession: (_id: number | null, _operator: boolean) => {} }))
  .views((self) => ({
    get loggedIn() {
      return self.user != null;
    },
  }))
  .actions((self) => {
    const env = () => getEnv<StoreEnv>(self);
    const setUser = (user: User | null) => {
      const changed = (self.user?.id ?? null) !== (user?.id ?? null);
      // The poll's answer is mostly the same member: keep the value (everything showing it stays put).
      if (!sameData(self.user, user)) self.user = user;
      self.onSession(user?.id ?? null, user?.role === 'operator');
      if (changed) env().bus.emit('session:changed', { userId: user?.id ?? null });
    };
    return {
      setUser,
      bindSession(fn: (id: number | null, operator: boolean) => void) {
        self.onSession = fn;
      },
      /** GET /api/user.php; a 403 simply means nobody is logged in. */
      fetchUser: flow(function* () {
        try {
          const res: UserResponse = yield env().api.call(currentUser, {}, { retries: 2, whoAmI: true });
          setUser(res.user);
        } catch (err) {
          if ((err as { status?: number }).status === 403) setUser(null);
          else throw err;
        }
      }),
      login: flow(function* (email: string, password: string) {
        const res: UserResponse = yield env().api.call(login, { body: { email, password } });
        setUser(res.user);
        return res.user;
      }),
      logout: flow(function* () {
        try {
          yield env().api.call(logout, { body: {} });
        } finally {
          setUser(null);
        }
      }),
      saveLanguage: flow(function* (language: Locale) {
        if (!self.user || self.user.language === language) return;
        const res: UserResponse = yield env().api.call(saveLanguage, { body: { language } });
        self.user = res.user;
      }),
    };
  });

export type AuthStoreInstance = Instance<typeof AuthStore>;

/** This plugin's store slice: `authSlice.of(kernel)`. */
export const authSlice = storeSlice('auth', AuthStore);
