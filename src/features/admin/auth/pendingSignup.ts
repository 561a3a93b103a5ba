// What a person typed at sign-up that Firebase Auth does not keep for them (the phone, and the name
// as typed), held until their e-mail is verified and the request to become an admin can be filed:
// the rules take a request only from a verified address. It is kept in this browser's storage so
// the request is complete when the verification link opens in another tab; on another device the
// request is filed without the phone, which the admin can add later on their profile.
export interface SignupDetails {
  name: string;
  phone: string;
}

const memory = new Map<string, SignupDetails>();
const key = (uid: string) => `adminSignup:${uid}`;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // A browser that refuses storage (privacy settings) still has the memory copy.
    return undefined;
  }
}

export function rememberSignup(uid: string, details: SignupDetails): void {
  memory.set(uid, details);
  try {
    storage()?.setItem(key(uid), JSON.stringify(details));
  } catch {
    // Full or refused storage: the memory copy serves this tab.
  }
}

export function recallSignup(uid: string): SignupDetails | undefined {
  const kept = memory.get(uid);
  if (kept) return kept;
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(key(uid)) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { name, phone } = parsed as Record<string, unknown>;
    return typeof name === 'string' && typeof phone === 'string' ? { name, phone } : undefined;
  } catch {
    return undefined;
  }
}

export function forgetSignup(uid: string): void {
  memory.delete(uid);
  try {
    storage()?.removeItem(key(uid));
  } catch {
    // Nothing to forget where nothing could be kept.
  }
}
