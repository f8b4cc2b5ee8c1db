import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import type { Category } from "../common/catalog";

function MenuPreview() {
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetch("/api/categories")
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(response.statusText))))
      .then(setCategories, (reason: Error) => setError(reason.message));
  }, []);
  return (
    <main>
      <h1>Squeeze menu</h1>
      {error && <p role="alert">Error: {error}</p>}
      <ul>{categories?.map((category) => <li key={category.id}>{category.label}</li>)}</ul>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <MenuPreview />
  </StrictMode>,
);
