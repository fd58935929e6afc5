import { describe, expect, it } from '@jest/globals';
import {
  API_KEY_NAME_REQUIRED,
  isoDateProblem,
  isValidEmail,
  MAX_INPUT_DEPTH,
  unstorableInputProblem,
  passwordStrength,
  validateApiKeyName,
  validateProfileUpdate,
  validateRegistration,
} from './index.js';

// Message texts are written out here rather than imported: they are the spec's words.
const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long';
const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
const INVALID_EMAIL = 'Please enter a valid email address';
const NAME_TOO_SHORT = 'Name must be at least 2 characters long';

const validForm = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'analytical1',
  confirmPassword: 'analytical1',
};

describe('validateRegistration', () => {
  it('accepts a valid form', () => {
    expect(validateRegistration(validForm)).toBeNull();
  });

  it.each([
    {
      breaking: 'all four rules',
      form: { name: 'A', email: 'not-an-email', password: 'short', confirmPassword: 'other' },
      message: PASSWORD_TOO_SHORT,
    },
    {
      breaking: 'the last three rules',
      form: { name: 'A', email: 'not-an-email', password: 'long enough', confirmPassword: 'other' },
      message: PASSWORDS_DO_NOT_MATCH,
    },
    {
      breaking: 'the last two rules',
      form: { name: 'A', email: 'not-an-email', password: 'long enough', confirmPassword: 'long enough' },
      message: INVALID_EMAIL,
    },
    {
      breaking: 'only the name rule',
      form: { name: 'A', email: 'ada@example.com', password: 'long enough', confirmPassword: 'long enough' },
      message: NAME_TOO_SHORT,
    },
  ])('shows the first failure of a form breaking $breaking', ({ form, message }) => {
    expect(validateRegistration(form)).toBe(message);
  });

  it('needs a password of at least 8 characters', () => {
    expect(validateRegistration({ ...validForm, password: '1234567', confirmPassword: '1234567' })).toBe(
      PASSWORD_TOO_SHORT,
    );
    expect(validateRegistration({ ...validForm, password: '12345678', confirmPassword: '12345678' })).toBeNull();
  });

  it('needs both passwords to be equal', () => {
    expect(validateRegistration({ ...validForm, confirmPassword: 'analytical2' })).toBe(PASSWORDS_DO_NOT_MATCH);
  });

  it('needs an email address', () => {
    expect(validateRegistration({ ...validForm, email: 'ada@example' })).toBe(INVALID_EMAIL);
  });

  it('needs a name of at least 2 characters once trimmed', () => {
    expect(validateRegistration({ ...validForm, name: '  A  ' })).toBe(NAME_TOO_SHORT);
    expect(validateRegistration({ ...validForm, name: ' Al ' })).toBeNull();
  });

  it('treats missing or non-text fields as empty', () => {
    expect(validateRegistration({})).toBe(PASSWORD_TOO_SHORT);
    expect(validateRegistration({ ...validForm, confirmPassword: 12345678 })).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(validateRegistration({ ...validForm, name: ['Ada'] })).toBe(NAME_TOO_SHORT);
  });

  it('bounds password, email and name, in that order', () => {
    const longPassword = 'p'.repeat(257);
    const longEmail = `${'a'.repeat(243)}@example.com`;
    const longName = 'N'.repeat(101);
    expect(validateRegistration({ ...validForm, password: longPassword, confirmPassword: longPassword })).toBe(
      'Password must be at most 256 characters long',
    );
    expect(validateRegistration({ ...validForm, email: longEmail })).toBe('Email must be at most 254 characters long');
    expect(validateRegistration({ ...validForm, name: longName })).toBe('Name must be at most 100 characters long');
    expect(
      validateRegistration({ name: longName, email: longEmail, password: longPassword, confirmPassword: longPassword }),
    ).toBe('Password must be at most 256 characters long');
  });

  it('accepts values right at the bounds', () => {
    const password = 'p'.repeat(256);
    expect(
      validateRegistration({
        name: 'N'.repeat(100),
        email: `${'a'.repeat(242)}@example.com`,
        password,
        confirmPassword: password,
      }),
    ).toBeNull();
  });

  it("checks the spec's rules before the bounds", () => {
    expect(validateRegistration({ ...validForm, name: 'N'.repeat(101), email: 'nope' })).toBe(INVALID_EMAIL);
    const longPassword = 'p'.repeat(300);
    expect(validateRegistration({ ...validForm, password: longPassword, confirmPassword: 'other' })).toBe(
      PASSWORDS_DO_NOT_MATCH,
    );
  });
});

describe('isValidEmail', () => {
  it.each(['ada@example.com', 'ada.lovelace+docent@mail.example.co.uk', 'a@b.c'])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@@example.com',
    'ada@exa@mple.com',
    'ada lovelace@example.com',
    ' ada@example.com',
    'ada@example.com ',
    'ada@example .com',
    'ada@.example.com',
    'ada@example.',
    'ada@example..com',
  ])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 1, 'Weak'],
    ['abcDEF', 2, 'Weak'],
    ['abcDEF1', 3, 'Fair'],
    ['abcDEF1!', 5, 'Strong'],
    ['abcDEF12', 4, 'Good'],
    ['abcdefg1!', 4, 'Good'],
  ])('rates %j as %i criteria met, %s', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });

  it.each([
    ['8 or more characters', 'abcdefgh'],
    ['an uppercase letter', 'abcD'],
    ['a digit', 'abc1'],
    ['a special character', 'abc!'],
    ['a space as a special character', 'abc '],
  ])('counts %s as a criterion on top of lowercase', (_, password) => {
    expect(passwordStrength(password).score).toBe(2);
  });

  it('counts a lowercase letter as a criterion', () => {
    expect(passwordStrength('ABC').score).toBe(1);
    expect(passwordStrength('ABCd').score).toBe(2);
  });

  it('counts accented letters as letters, not as special characters', () => {
    expect(passwordStrength('Éé').score).toBe(2);
  });
});

describe('validateApiKeyName', () => {
  it('accepts a name', () => {
    expect(validateApiKeyName('CI pipeline')).toBeNull();
    expect(validateApiKeyName('k'.repeat(100))).toBeNull();
  });

  it.each(['', '   ', '\t\n', undefined, null, 42])('asks for a name when given %j', (name) => {
    expect(validateApiKeyName(name)).toBe('Please enter a name for the API key');
  });

  it('exports the required-name message in the spec words', () => {
    expect(API_KEY_NAME_REQUIRED).toBe('Please enter a name for the API key');
  });

  it('refuses a name longer than 100 characters', () => {
    expect(validateApiKeyName('k'.repeat(101))).toBe('API key name must be at most 100 characters');
  });
});

describe('validateProfileUpdate', () => {
  it('accepts an empty update and leaves out fields unchecked', () => {
    expect(validateProfileUpdate({})).toBeNull();
    expect(validateProfileUpdate({ avatar: 'https://cdn.example.com/ada.png' })).toBeNull();
  });

  it('checks the name as registration does', () => {
    expect(validateProfileUpdate({ name: ' A ' })).toBe(NAME_TOO_SHORT);
    expect(validateProfileUpdate({ name: 'N'.repeat(101) })).toBe('Name must be at most 100 characters long');
    expect(validateProfileUpdate({ name: null })).toBe(NAME_TOO_SHORT);
  });

  it('checks the email as registration does', () => {
    expect(validateProfileUpdate({ email: 'ada@example' })).toBe(INVALID_EMAIL);
    expect(validateProfileUpdate({ email: `${'a'.repeat(243)}@example.com` })).toBe(
      'Email must be at most 254 characters long',
    );
  });

  it.each([undefined, null, ''])('allows no avatar (%j)', (avatar) => {
    expect(validateProfileUpdate({ avatar })).toBeNull();
  });

  it.each(['http://example.com/a.png', 'https://example.com/a.png?size=64', `https://example.com/${'a'.repeat(2028)}`])(
    'accepts the avatar URL %j',
    (avatar) => {
      expect(validateProfileUpdate({ avatar })).toBeNull();
    },
  );

  it.each([
    'example.com/a.png',
    'ftp://example.com/a.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    ' https://example.com/a.png',
    'https://exa mple.com/a.png',
    '   ',
    42,
  ])('refuses the avatar %j', (avatar) => {
    expect(validateProfileUpdate({ avatar })).toBe('Avatar must be an http or https URL');
  });

  it('refuses an avatar URL longer than 2048 characters', () => {
    expect(validateProfileUpdate({ avatar: `https://example.com/${'a'.repeat(2029)}` })).toBe(
      'Avatar URL must be at most 2048 characters long',
    );
  });

  it('shows the first failure in the order name, email, avatar', () => {
    expect(validateProfileUpdate({ name: 'A', email: 'nope', avatar: 'ftp://x.y' })).toBe(NAME_TOO_SHORT);
    expect(validateProfileUpdate({ name: 'Ada', email: 'nope', avatar: 'ftp://x.y' })).toBe(INVALID_EMAIL);
    expect(validateProfileUpdate({ name: 'Ada', email: 'ada@example.com', avatar: 'ftp://x.y' })).toBe(
      'Avatar must be an http or https URL',
    );
  });
});

describe('unstorableInputProblem', () => {
  const body = 'The request body';

  it('accepts JSON of every kind, including text beyond the Basic Multilingual Plane', () => {
    expect(unstorableInputProblem({ name: 'Ada 😀', tags: ['a', 'b'], n: 1, ok: true, none: null }, body)).toBeNull();
    expect(unstorableInputProblem(undefined, body)).toBeNull();
  });

  it('names the field holding a NUL character or an unpaired surrogate, however deep', () => {
    expect(unstorableInputProblem({ name: 'a\u0000b' }, body)).toBe(
      'name must not contain the NUL character (\\u0000)',
    );
    expect(unstorableInputProblem({ options: { tags: ['ok', 'x\ud800'] } }, body)).toBe(
      'options.tags[1] must be valid Unicode text (it has an unpaired surrogate)',
    );
    expect(unstorableInputProblem({ note: '\udc00 reversed \ud83d' }, body)).toMatch(/^note must be valid Unicode/);
    expect(unstorableInputProblem('a\u0000', 'search')).toBe('search must not contain the NUL character (\\u0000)');
  });

  it('checks field names too', () => {
    expect(unstorableInputProblem({ notes: { ['a\u0000']: 1 } }, body)).toBe(
      'A field name in notes must not contain the NUL character (\\u0000)',
    );
    expect(unstorableInputProblem({ ['\ud800']: 1 }, body)).toBe(
      'A field name in the request body must be valid Unicode text (it has an unpaired surrogate)',
    );
  });

  it(`refuses objects and arrays nested deeper than ${MAX_INPUT_DEPTH} levels, without exhausting the stack`, () => {
    const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;
    expect(unstorableInputProblem(nested(MAX_INPUT_DEPTH), body)).toBeNull();
    expect(unstorableInputProblem(nested(MAX_INPUT_DEPTH + 1), body)).toBe(
      `The request body is nested too deeply: at most ${MAX_INPUT_DEPTH} levels of objects and arrays`,
    );
    expect(unstorableInputProblem(nested(200_000), body)).toMatch(/nested too deeply/);
  });
});

describe('isoDateProblem', () => {
  it.each(['2025-01-31', '2024-02-29', '0001-01-01', '9999-12-31', '2025-01-31T09:30', '2025-01-31T09:30:15.123Z'])(
    'accepts %j',
    (date) => {
      expect(isoDateProblem(date)).toBeNull();
    },
  );

  it.each(['yesterday', '2025-1-31', '2025-02-30', '2025-02-29', '2025-13-01', '2025-01-31T24:00', '31/01/2025', ''])(
    'refuses the form of %j',
    (date) => {
      expect(isoDateProblem(date)).toBe('format');
    },
  );

  it.each(['0000-01-01', '+275760-09-13', '-000001-01-01', '+010000-01-01'])(
    'refuses %j as outside the years PostgreSQL stores',
    (date) => {
      expect(isoDateProblem(date)).toBe('range');
    },
  );
});
