import { FullScreenSpinner } from "#web/components/full-screen-spinner";
import { brand } from "#web/config/brand";
import { usePageMeta } from "#web/lib/use-page-meta";
import { useFranchiseSettings } from "./api/get-settings";
import { ApplicationForm } from "./components/application-form";
import { ApplicationSent } from "./components/application-sent";
import { FranchiseFees } from "./components/franchise-fees";
import { usePartnershipApplication } from "./use-partnership-application";
import "./partnership.css";

/** The franchise page: what a new partner pays, and the application (then its confirmation). */
export default function PartnershipPage() {
  usePageMeta(
    "Franchise",
    `Open a ${brand.name} juice bar: reduced royalty and ad fees for your first three years. Apply in a few minutes.`,
  );
  const settings = useFranchiseSettings();
  const application = usePartnershipApplication();

  return (
    <>
      <section className="section partnership-hero" aria-labelledby="partnership-title">
        <div className="container partnership-hero__grid">
          <div className="stack">
            <span className="eyebrow">Franchise</span>
            <h1 id="partnership-title">Open your own {brand.name}</h1>
            <p className="lead">
              Bring fresh-pressed juice to your neighbourhood. New partners pay reduced royalty and ad fees for their
              first three years while the shop finds its regulars.
            </p>
          </div>
          <div className="card partnership-hero__fees" aria-labelledby="fees-title">
            <h2 id="fees-title" className="partnership-hero__fees-title">
              Your first three years
            </h2>
            <FranchiseFees
              settings={settings.data}
              isLoading={settings.isPending}
              isError={settings.isError}
              onRetry={() => void settings.refetch()}
            />
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="application-title">
        <div className="container">
          {application.sent ? (
            <ApplicationSent {...application.sent} onAnother={application.sendAnother} />
          ) : (
            <ApplicationForm application={application} settings={settings} />
          )}
        </div>
      </section>
      {application.busy && <FullScreenSpinner label="Sending your application…" />}
    </>
  );
}
