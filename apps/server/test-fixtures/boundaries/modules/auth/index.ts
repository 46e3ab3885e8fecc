// Good: the auth module owns users.ts.
import { users } from '../../db/schema/users.ts';

export const usersTable = users.name;
