// Hosting and cloud providers' networks, by ASN (autonomous system number, `request.cf.asn`): visits from
// them are machines (servers, scrapers, headless browsers), left out as `datacenter` while a workspace's
// machineTraffic rule is on (redirect/traffic.ts).
//
// Sources, read 2026-11-28:
// - daenney/fedinetmap, data/README.md (AS names from MaxMind GeoLite2): OVHcloud 16276, Hetzner 24940,
//   212317, 213230, DigitalOcean 14061, Akamai (Linode) 63949, AMAZON-AES 14618, AMAZON-02 16509, netcup
//   197540, Vultr (AS-CHOOPA) 20473, Oracle Cloud (ORACLE-BMC-31898) 31898, Online S.a.s. (Scaleway)
//   12876, Contabo 51167, GOOGLE-CLOUD-PLATFORM 396982.
// - znixbtw/cloudflare-firewall-rules, challenge-captcha-rules/ASNs.md: Microsoft Corporation 8075,
//   Contabo Asia 141995, Hangzhou Alibaba Advertising (Alibaba Cloud) 37963.
//
// Never on it: networks that carry people. Cloudflare 13335 (WARP, and one of iCloud Private Relay's
// egresses), Akamai 36183 and Fastly 54113 (iCloud Private Relay), Google 15169 (also Google's own
// services for people), and 395747, the stand-in network a local `wrangler dev` reports.
export const HOSTING_ASNS: ReadonlySet<number> = new Set([
  16509, // Amazon AWS (AMAZON-02)
  14618, // Amazon AWS (AMAZON-AES)
  8075, // Microsoft Azure
  396982, // Google Cloud Platform
  14061, // DigitalOcean
  16276, // OVHcloud
  24940, // Hetzner Online
  212317, // Hetzner Online
  213230, // Hetzner Online
  63949, // Linode (Akamai Connected Cloud)
  31898, // Oracle Cloud
  37963, // Alibaba Cloud
  20473, // Vultr
  12876, // Scaleway (Online S.a.s.)
  51167, // Contabo
  141995, // Contabo Asia
  197540, // netcup
]);
