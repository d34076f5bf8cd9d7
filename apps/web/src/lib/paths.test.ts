import { describe, expect, it } from 'vitest';
import { MissingPathParamError, buildPath, isSafeRedirect, withSearch } from './path-builder';
import { paths } from './paths';

describe('paths', () => {
  it('builds paths from their patterns, encoding values', () => {
    expect(paths.root.to()).toBe('/');
    expect(paths.register.to()).toBe('/register');
    expect(paths.register.to({ code: 'SUNNY DT' })).toBe('/register/SUNNY%20DT');
    expect(paths.verifyEmail.to({ pin_time: 'abc' })).toBe('/verify-email/abc');
    expect(paths.billingStudentInvoices.to({ studentId: 7 })).toBe('/billing/student/7/invoices');
    expect(paths.newsletterTemplate.to({ is_temp: 1, tempId: 'x' })).toBe('/newsletters/1/x');
  });

  it('refuses to build a path without its required parameter', () => {
    expect(() => buildPath(paths.center.pattern, {})).toThrow(MissingPathParamError);
  });

  it('has one pattern per name', () => {
    const patterns = Object.values(paths).map((p) => p.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('adds query parameters and only follows in-app redirects', () => {
    expect(withSearch('/login', { redirect: '/home', denied: null })).toBe('/login?redirect=%2Fhome');
    expect(isSafeRedirect('/permissions')).toBe(true);
    expect(isSafeRedirect('//evil.example')).toBe(false);
    expect(isSafeRedirect('https://evil.example')).toBe(false);
    expect(isSafeRedirect(null)).toBe(false);
  });
});
