// A stand-in for Resend's send-email API (POST /emails, Bearer key, answered {id}; refusals answered
// {statusCode, name, message}). Like cloudflare-fake.ts it runs in Node behind miniflare's outboundService.
// Tests read and steer it over HTTP from inside workerd:
//   GET /__fake/sent?to={email}     the messages it accepted for that address, oldest first
//   PUT /__fake/failures/{email}    {status} refuse messages to that address with this status
// Its state lives as long as the test run: tests use addresses of their own.

export const FAKE_MAIL = {
  origin: "https://mail-api.fake",
  baseUrl: "https://mail-api.fake",
  apiKey: "re_fake_api_key",
  from: "SplitLink <no-reply@splitlink.test>",
} as const;

export interface SentMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  idempotencyKey: string | null;
}

const sent: SentMail[] = [];
const failures = new Map<string, number>();

const refuse = (statusCode: number, name: string, message: string) =>
  Response.json({ statusCode, name, message }, { status: statusCode });

export async function fakeMail(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/__fake/sent") {
    const to = url.searchParams.get("to");
    return Response.json(sent.filter((mail) => mail.to.includes(to ?? "")));
  }
  if (url.pathname.startsWith("/__fake/failures/") && request.method === "PUT") {
    const to = decodeURIComponent(url.pathname.slice("/__fake/failures/".length));
    failures.set(to, ((await request.json()) as { status: number }).status);
    return new Response(null, { status: 204 });
  }
  if (url.pathname !== "/emails" || request.method !== "POST")
    return refuse(404, "not_found", "The requested endpoint does not exist.");
  if (request.headers.get("authorization") !== `Bearer ${FAKE_MAIL.apiKey}`)
    return refuse(401, "validation_error", "API key is invalid");
  const body = (await request.json()) as Omit<SentMail, "id" | "idempotencyKey">;
  if (!body.from || !Array.isArray(body.to) || !body.subject || !(body.html || body.text))
    return refuse(422, "validation_error", "Missing required fields");
  const failure = body.to.map((to) => failures.get(to)).find((status) => status !== undefined);
  if (failure) return refuse(failure, "application_error", "Something went wrong");
  const mail = { ...body, id: crypto.randomUUID(), idempotencyKey: request.headers.get("idempotency-key") };
  sent.push(mail);
  return Response.json({ id: mail.id });
}
