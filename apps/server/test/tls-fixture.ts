/**
 * A self-signed certificate (and its key) for the names public.test, bsky.test and mastodon.test, valid until
 * 2125, for tests of the address policy over TLS: tests trust it explicitly (AddressPolicy.ca), so certificate
 * checks stay on. Generated with: openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes
 *   -days 36500 -subj /CN=public.test -addext subjectAltName=DNS:public.test,DNS:bsky.test,DNS:mastodon.test
 *   -addext basicConstraints=critical,CA:TRUE
 */
export const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBtzCCAV2gAwIBAgIUIoPi8cPZka3pavKsy3tLPwh9OgowCgYIKoZIzj0EAwIw
FjEUMBIGA1UEAwwLcHVibGljLnRlc3QwIBcNMjYxMTIzMDgzMTQzWhgPMjEyNjEw
MzAwODMxNDNaMBYxFDASBgNVBAMMC3B1YmxpYy50ZXN0MFkwEwYHKoZIzj0CAQYI
KoZIzj0DAQcDQgAEqIR3lLUYk9UFnBX2FNImFQXVQyyqcZiQLJ25QVAok8lHkh9h
2OTzInWMQkHxUh7b/jkDRMC/oW4IA8IsuPtsFqOBhjCBgzAdBgNVHQ4EFgQUo36y
ZemN4luKp7kUDvo8x+7E3GowHwYDVR0jBBgwFoAUo36yZemN4luKp7kUDvo8x+7E
3GowMAYDVR0RBCkwJ4ILcHVibGljLnRlc3SCCWJza3kudGVzdIINbWFzdG9kb24u
dGVzdDAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCIFjNT3sDOan0
n1k7xL5TzE6k9sSta/R2LB55i5DAPb3LAiEA3g45ZwSuH9SOzsXCgrzBR41i3GrC
FMnlohge5+bgGis=
-----END CERTIFICATE-----
`;

export const TEST_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgK3QFhE71Re4FSqn4
RfWfeMwmQx4PE8j5q7xMEHeIUmKhRANCAASohHeUtRiT1QWcFfYU0iYVBdVDLKpx
mJAsnblBUCiTyUeSH2HY5PMidYxCQfFSHtv+OQNEwL+hbggDwiy4+2wW
-----END PRIVATE KEY-----
`;
