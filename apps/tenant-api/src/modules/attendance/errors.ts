import { AppError, badInput, notFound } from '@kv/server';

/** The closed set of the attendance area's error codes (plus the common ones). */
export const AttendanceError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Forbidden: 'FORBIDDEN',
  PinInvalid: 'ATTENDANCE_PIN_INVALID',
  PhoneRequired: 'ATTENDANCE_PHONE_REQUIRED',
  QrRequired: 'ATTENDANCE_QR_REQUIRED',
  QrInvalid: 'ATTENDANCE_QR_INVALID',
  QrExpired: 'ATTENDANCE_QR_EXPIRED',
  QrOff: 'ATTENDANCE_QR_OFF',
  ParentCheckInOff: 'ATTENDANCE_PARENT_CHECK_IN_OFF',
  SignatureRequired: 'ATTENDANCE_SIGNATURE_REQUIRED',
  HealthScreenRequired: 'ATTENDANCE_HEALTH_SCREEN_REQUIRED',
  Overlap: 'ATTENDANCE_OVERLAP',
} as const;

export const attendanceNotFound = () => notFound('Attendance record not found.');
export const studentNotFound = (field = 'students') => new AppError(AttendanceError.NotFound, 'Student not found.', { field });
export const roomNotFound = (field = 'program_id') => new AppError(AttendanceError.NotFound, 'Room not found.', { field });
export const contactNotFound = (field = 'action_by') => new AppError(AttendanceError.NotFound, 'Contact not found.', { field });

export const pinInvalid = (field = 'pin') =>
  new AppError(AttendanceError.PinInvalid, 'This PIN is not valid here. Check it and try again.', { field });
export const phoneRequired = () =>
  new AppError(AttendanceError.PhoneRequired, 'Enter your phone number (or its last 4 digits) with the PIN.', { field: 'phone' });
export const phoneMismatch = () => new AppError(AttendanceError.PinInvalid, 'The PIN and phone number do not match.', { field: 'phone' });

export const qrRequired = () =>
  new AppError(AttendanceError.QrRequired, 'Scan the check-in QR code at the entrance first.', { field: 'code' });
export const qrInvalid = () => new AppError(AttendanceError.QrInvalid, 'This check-in code is not valid.', { field: 'code' });
export const qrExpired = () =>
  new AppError(AttendanceError.QrExpired, 'This check-in code has expired. Scan the code on the screen again.', { field: 'code' });
export const qrOff = () => new AppError(AttendanceError.QrOff, 'Check-in by QR code is off at this location.', { field: 'code' });

export const parentCheckInOff = () =>
  new AppError(AttendanceError.ParentCheckInOff, 'This location does not let parents check in from their phone. Use the kiosk.', {
    field: 'students',
  });
export const notYourChild = (field = 'students') =>
  new AppError(AttendanceError.Forbidden, 'You may only check in or out children you are allowed to pick up.', { field });
export const signatureRequired = () => new AppError(AttendanceError.SignatureRequired, 'Please sign to confirm.', { field: 'signature' });
export const healthScreenRequired = (studentId: string) =>
  new AppError(AttendanceError.HealthScreenRequired, 'Answer the health questions for every child being checked in.', {
    field: 'health_screen',
    student_id: studentId,
  });

export const badTime = (field: string, message: string) => badInput(field, message);
export const overlap = (field = 'end_time') =>
  new AppError(AttendanceError.Overlap, 'This child already has an open check-in. Check them out first.', { field });
export const mixedLocations = () => badInput('students', 'Check in children of one location at a time.');
