import { useTestPasswordCost } from '../src/testing.ts';

// Tests of sessions, limits and grants sign many people up; the passwords tests set OWASP's cost back.
useTestPasswordCost();
