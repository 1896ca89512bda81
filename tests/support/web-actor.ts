// The user with this id acting through the web door (not an admin), for core calls that take an
// Actor. The id need not exist: the core answers for a missing user itself.
import { actorFromUser, type Actor } from "~/models/access";

export function webActor(userId: string): Actor {
  return actorFromUser({ id: userId, isAdmin: false }, "web");
}
