import { z } from 'zod';
import { companyName, displayName, emailField, idField } from './common.js';

/** `POST /api/auth/login`. @example loginSchema.parse({ email: 'admin@admin.com', password: '123456' }) */
export const loginSchema = z.object({
  email: z.string({ error: 'Required' }).trim().min(1, 'Required'),
  password: z.string({ error: 'Required' }).min(1, 'Required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** `POST /api/auth/signup` (spec part 2 §5). @example signupSchema.parse({ name: 'Ana', companyName: 'Loja', email: 'a@b.co', password: '12345', phone: '5511999999999', planId: 1 }) */
export const signupSchema = z.object({
  name: displayName(2, 50),
  companyName: companyName(),
  email: emailField,
  password: z.string({ error: 'Required' }).min(5, 'Too Short!').max(50, 'Too Long!'),
  phone: z.string({ error: 'Required' }).trim().min(1, 'Required').max(30, 'Too Long!'),
  planId: idField,
  companyId: idField.optional(),
});
export type SignupInput = z.infer<typeof signupSchema>;
