// Access: who is acting and what they may do. This folder owns the actors (actor.server.ts), the
// one permissions module (permissions.server.ts: owner, admin, system, guest with an order link),
// sign-in and sessions (auth, session-user, user accounts and passwords, phone codes), the admin
// role (admin-roles), the sign-in and API throttles, personal access tokens and OAuth for MCP
// clients. Doors (routes, tools, agents, MCP server, workflows, scripts) import this index only;
// core modules of other folders may import a file of this folder directly. The permission checks
// (mayAccess, ownedBy, assertStaff …) are the core's: doors pass an actor and let the core decide.
// Functions that take a bare user id here establish who is acting (actorForUserId,
// actorForWorkflow, getSessionUserById, startUserSession, signInAndRedirect): they turn a user
// just authenticated, or named by a signed event, into a session or an actor.

export {
  type Actor,
  actorForUserId,
  actorForWorkflow,
  actorFromUser,
  assertActor,
  isNotFound,
  isSystemActor,
  NotFoundError,
  systemActor,
} from "./actor.server";
export { isAdminActor, isAdminUser } from "./permissions.server";
export {
  authenticateWithPassword,
  authPageBase,
  beginGoogleSignIn,
  clientIp,
  completeGoogleSignIn,
  formatWait,
  getOptionalUser,
  getUserId,
  googleSignInState,
  loginRedirect,
  requireAdmin,
  requireUser,
  safeRedirect,
  signInAndRedirect,
  startUserSession,
  tooManyAttemptsMessage,
} from "./auth.server";
export { currentSession, type CurrentSession } from "./session-user.server";
export { createUserWithPassword, ensureProfile, findUserIdByEmail, getSessionUserById, type SessionUser, verifyLogin } from "./user.server";
export { AUTH_MESSAGES, PHONE_MESSAGES } from "./auth-messages";
export { accountThrottleKey, backoffDelayMs, networkThrottleKey, reserveSignInAttempt, SIGN_IN_BUDGETS, signInSucceeded } from "./sign-in-throttle.server";
export {
  cleanPhoneInput,
  generatePhoneCode,
  hashPhoneCode,
  PHONE_CODE_LIMIT_PER_IP,
  PHONE_CODE_LIMIT_PER_PHONE,
  PHONE_CODE_MAX_ATTEMPTS,
  requestPhoneCode,
  validatePhone,
  verifyPhoneCode,
} from "./phone-auth.server";
export { requireOutboxReader } from "./outbox-access.server";
export { ApiTokenError, authenticateBearerToken, createApiToken, hashApiToken, listApiTokens, revokeApiToken } from "./api-tokens.server";
export { countHit, forgetOldApiWindows, resetHits, takeApiRequest, uncountHit } from "./api-rate-limits.server";
export { MCP_ACCESS_DESCRIPTION, SUPPORTED_SCOPES } from "./oauth-rules";
export {
  beginAuthorization,
  challengeForAuthorizationCode,
  decideAuthorization,
  exchangeAuthorizationCode,
  exchangeRefreshToken,
  getPendingAuthorization,
  revokeOAuthToken,
  sweepExpiredOAuthRows,
  verifyOAuthAccessToken,
} from "./oauth.server";
export { getOAuthClient, registerOAuthClient } from "./oauth-clients.server";
export { disconnectApplication, listConnectedApplications } from "./oauth-connections.server";

export { PROFILE_MESSAGES, getProfile, setAvatarKey, updateUsername } from "./profile.server";
