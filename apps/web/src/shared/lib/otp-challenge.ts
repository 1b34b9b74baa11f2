/**
 * The login answer's `challengeId`, kept for this tab's code page only (session storage under `storageKey`, never in
 * the URL, so it never reaches a log or the history): the code is then checked against this login attempt, so nobody
 * else can use or burn it (issue 12, item 3). The portal and the back office each keep their own.
 */
export function otpChallengeStore(storageKey: string) {
  return {
    remember: (email: string, challengeId: string | undefined) => {
      try {
        if (challengeId) sessionStorage.setItem(storageKey, JSON.stringify({ email, challengeId }));
        else sessionStorage.removeItem(storageKey);
      } catch {
        // Storage refused (private mode): nothing is remembered, and the code is sent without a challenge — the
        // portal then checks it by email alone, the staff realm answers "log in again".
      }
    },
    challengeFor: (email: string): string | undefined => {
      try {
        const saved = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as {
          email?: string;
          challengeId?: string;
        } | null;
        return saved?.email === email ? saved.challengeId : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
