import { lowerPasswordHashingCostForTests } from '../src/modules/auth/passwords';

// Every API test file signs users up and in: at the server's 19 MiB profile that is ~40 ms of CPU
// per hash, minutes over the suite. The hash stays Argon2id (register.test.ts checks the format);
// passwords.test.ts checks the server's own profile.
lowerPasswordHashingCostForTests({ memoryCost: 256, timeCost: 1 });
