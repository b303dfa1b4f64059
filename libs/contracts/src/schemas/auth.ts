import { PASSWORD_MIN_LENGTH, MESSAGES } from '@coursa/domain';
import { z } from 'zod';
import { optionalText, requiredText } from './fields.js';

const password = z
  .string({ error: 'Le mot de passe est obligatoire.' })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort })
  .max(200, { error: 'Le mot de passe est trop long (200 caractères au plus).' });

const phone = requiredText(40, 'Le numéro de téléphone est obligatoire.');

export const RegisterSchema = z
  .object({
    phone,
    password,
    full_name: requiredText(100, 'Le nom complet est obligatoire.'),
    email: z
      .union([z.email({ error: "Adresse email invalide." }).max(200), z.literal(''), z.null()])
      .optional()
      .transform((value) => (value ? value.toLowerCase() : null)),
    role: z.string().max(40).optional(),
    referral_code: optionalText(40),
    accepted_terms: z.literal(true, { error: MESSAGES.termsRequired }),
    terms_accepted_at: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type RegisterInput = z.output<typeof RegisterSchema>;

export const ActivateSchema = z.object({ token: z.string().trim().max(200).optional() }).strict();

export const LoginSchema = z
  .object({
    phone,
    password: z.string({ error: 'Le mot de passe est obligatoire.' }).min(1, { error: 'Le mot de passe est obligatoire.' }).max(200),
  })
  .strict();
export type LoginInput = z.output<typeof LoginSchema>;

export const RefreshSchema = z.object({ refresh_token: z.string().min(1).max(200) }).strict();

const method = z.enum(['sms', 'email'], { error: 'Méthode inconnue : choisissez sms ou email.' });

export const ForgotPasswordSchema = z
  .object({ contact: requiredText(200, 'Le contact est obligatoire.'), method })
  .strict();
export type ForgotPasswordInput = z.output<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z
  .object({
    contact: requiredText(200, 'Le contact est obligatoire.'),
    method,
    reset_code: z.string().regex(/^\d{6}$/, { error: 'Le code doit contenir 6 chiffres.' }),
    new_password: password,
  })
  .strict();
export type ResetPasswordInput = z.output<typeof ResetPasswordSchema>;

export const ChangePasswordSchema = z
  .object({
    current_password: z.string().min(1, { error: 'Le mot de passe actuel est obligatoire.' }).max(200),
    new_password: z
      .string({ error: 'Le nouveau mot de passe est obligatoire.' })
      .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.newPasswordTooShort })
      .max(200),
  })
  .strict();
export type ChangePasswordInput = z.output<typeof ChangePasswordSchema>;
