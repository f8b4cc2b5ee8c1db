import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { EMPTY_CONTACT_FORM, contactFormSchema, toContactPayload, type ContactForm } from "#common/forms/contact";
import { usePageMeta } from "#web/lib/use-page-meta";
import { FullScreenSpinner } from "#web/components/full-screen-spinner";
import { ContactLinks, SocialLinks } from "#web/shared-features/site-frame/footer";
import { brand } from "#web/config/brand";
import { useShopDetails } from "#web/shared-features/shop-picker/use-shop-details";
import { useSessionStore, type SessionUser } from "#web/lib/session-store";
import { useSendContactMessage } from "./api/send-contact-message";
import { FormField } from "#web/components/form-field/form-field";
import "./contact.css";

export const CONTACT_SUCCESS_TEXT = "Message sent successfully";
export const CONTACT_FAILURE_TEXT = "Failed to send message. Please try again";
/** The spec's pause between the success toast and the menu. */
export const CONTACT_REDIRECT_DELAY_MS = 200;

type ValidContactForm = z.output<typeof contactFormSchema>;

export default function ContactPage() {
  const shop = useShopDetails();
  usePageMeta(
    "Contact Us",
    `Questions, catering or feedback: write to ${shop?.name ?? brand.name} or call ${shop?.phone ?? brand.phone.display}. We answer every message.`,
  );
  const navigate = useNavigate();
  const sendMessage = useSendContactMessage();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const user = useSessionStore((state) => state.user);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<ContactForm, unknown, ValidContactForm>({
    resolver: zodResolver(contactFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { ...EMPTY_CONTACT_FORM, ...knownDetails(user) },
  });

  // A signed-in shopper's name, e-mail and phone are filled in, also when the session arrives
  // after the page; a field the visitor has already typed in is left alone.
  useEffect(() => {
    for (const [name, value] of Object.entries(knownDetails(user)) as [keyof ContactForm, string][]) {
      if (value && !getValues(name)) setValue(name, value);
    }
  }, [user, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sendMessage.mutateAsync(toContactPayload(values));
    } catch {
      // What was typed stays in the form, so trying again is one click.
      toast.error(CONTACT_FAILURE_TEXT);
      return;
    }
    toast.success(CONTACT_SUCCESS_TEXT);
    redirectTimer.current = setTimeout(() => navigate("/menu"), CONTACT_REDIRECT_DELAY_MS);
  });

  const busy = isSubmitting || sendMessage.isPending;
  const sent = isSubmitSuccessful && sendMessage.isSuccess;

  return (
    <section className="section contact-page" aria-labelledby="contact-title">
      <div className="container contact-page__grid">
        <div className="stack contact-page__intro">
          <span className="eyebrow">Contact Us</span>
          <h1 id="contact-title">Say hello</h1>
          <p className="lead">
            A question about a drink, a catering order or a note for the team: send us a message and we will get back to
            you soon.
          </p>
          <div className="card contact-page__details">
            <h2 className="contact-page__details-title">Visit or call</h2>
            <ContactLinks className="contact-page__links" />
            <h2 className="contact-page__details-title">Follow us</h2>
            <SocialLinks className="contact-page__socials" />
          </div>
        </div>

        <form className="card contact-form" onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="contact-form__title">
            Send a message
          </h2>
          <div className="contact-form__row">
            <FormField id="contact-first-name" label="First name" required error={errors.firstName}>
              {(control) => <input {...control} type="text" autoComplete="given-name" {...register("firstName")} />}
            </FormField>
            <FormField id="contact-last-name" label="Last name" required error={errors.lastName}>
              {(control) => <input {...control} type="text" autoComplete="family-name" {...register("lastName")} />}
            </FormField>
          </div>
          <FormField id="contact-email" label="Email" required error={errors.email}>
            {(control) => (
              <input {...control} type="email" autoComplete="email" inputMode="email" {...register("email")} />
            )}
          </FormField>
          <FormField id="contact-phone" label="Phone" required error={errors.phone}>
            {(control) => <input {...control} type="tel" autoComplete="tel" {...register("phone")} />}
          </FormField>
          <FormField id="contact-message" label="Message" required error={errors.message}>
            {(control) => <textarea {...control} rows={6} {...register("message")} />}
          </FormField>
          <button type="submit" className="btn btn--primary btn--large contact-form__submit" disabled={busy || sent}>
            {busy ? "Sending…" : "Send message"}
          </button>
        </form>
      </div>
      {busy && <FullScreenSpinner label="Sending your message…" />}
    </section>
  );
}

/** What the shop already knows of a signed-in shopper, as the contact form's fields. */
function knownDetails(user: SessionUser): Partial<ContactForm> {
  if (!user.isAuthenticated) return {};
  const [firstName = "", ...rest] = user.username.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" "), email: user.email, phone: user.phone };
}
