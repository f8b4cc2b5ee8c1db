import { FIGURE_HELP, type PromoCodeFigures } from "#common/numbers";
import { formatCents } from "#common/money";

/** The promo codes: uses and discount given in these days, and what is left of each code's limit. */
export function PromoCodes({ codes }: { codes: PromoCodeFigures[] }) {
  return (
    <section className="numbers-section" aria-labelledby="numbers-promo-codes">
      <h2 id="numbers-promo-codes">Promo codes</h2>
      {codes.length === 0 ? (
        <p className="numbers-empty">No promo codes in these days.</p>
      ) : (
        <>
          <p className="numbers-section__help">{FIGURE_HELP.promoCodes}</p>
          <div className="numbers-scroll">
            <table className="numbers-table">
              <caption>Codes, most discount given first</caption>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Uses</th>
                  <th scope="col">Discount given</th>
                  <th scope="col">Uses left</th>
                </tr>
              </thead>
              <tbody>
                {codes.map((code) => (
                  <tr key={code.code}>
                    <th scope="row">{code.code}</th>
                    <td>{code.uses}</td>
                    <td>{formatCents(code.discountCents)}</td>
                    <td>{code.usesLeft === null ? "No limit" : code.usesLeft}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
