/**
 * Target languages of reports, normalised to BCP-47 (`fr-FR`):
 * - Trados XML gives a Windows LCID and an English name. The LCID is looked up in the table below
 *   (the usual locales of Microsoft's [MS-LCID] list); an LCID not in it falls back to the name
 *   ("Spanish (Spain, International Sort)" → `es-ES`, through the English names of `Intl`), and a
 *   name that cannot be mapped either is kept as the file says.
 * - memoQ (`[eng-GB]`, ISO 639-2 codes) and Phrase (`en>pl`, `en_us`) codes are canonicalised by
 *   `Intl.getCanonicalLocales` (`eng-GB` → `en-GB`, `ger` → `de`, `en_us` → `en-US`).
 */
const LCIDS =
  '1025 ar-SA 1026 bg-BG 1027 ca-ES 1028 zh-TW 1029 cs-CZ 1030 da-DK 1031 de-DE 1032 el-GR 1033 en-US 1034 es-ES ' +
  '1035 fi-FI 1036 fr-FR 1037 he-IL 1038 hu-HU 1039 is-IS 1040 it-IT 1041 ja-JP 1042 ko-KR 1043 nl-NL 1044 nb-NO ' +
  '1045 pl-PL 1046 pt-BR 1047 rm-CH 1048 ro-RO 1049 ru-RU 1050 hr-HR 1051 sk-SK 1052 sq-AL 1053 sv-SE 1054 th-TH ' +
  '1055 tr-TR 1056 ur-PK 1057 id-ID 1058 uk-UA 1059 be-BY 1060 sl-SI 1061 et-EE 1062 lv-LV 1063 lt-LT 1064 tg-Cyrl-TJ ' +
  '1065 fa-IR 1066 vi-VN 1067 hy-AM 1068 az-Latn-AZ 1069 eu-ES 1071 mk-MK 1074 tn-ZA 1076 xh-ZA 1077 zu-ZA 1078 af-ZA ' +
  '1079 ka-GE 1080 fo-FO 1081 hi-IN 1082 mt-MT 1086 ms-MY 1087 kk-KZ 1088 ky-KG 1089 sw-KE 1090 tk-TM 1091 uz-Latn-UZ ' +
  '1092 tt-RU 1093 bn-IN 1094 pa-IN 1095 gu-IN 1096 or-IN 1097 ta-IN 1098 te-IN 1099 kn-IN 1100 ml-IN 1101 as-IN ' +
  '1102 mr-IN 1104 mn-MN 1106 cy-GB 1107 km-KH 1108 lo-LA 1109 my-MM 1110 gl-ES 1115 si-LK 1118 am-ET 1121 ne-NP ' +
  '1122 fy-NL 1123 ps-AF 1124 fil-PH 1125 dv-MV 1128 ha-NG 1130 yo-NG 1134 lb-LU 1135 kl-GL 1136 ig-NG 1153 mi-NZ ' +
  '1159 rw-RW 1160 wo-SN 1169 gd-GB 2049 ar-IQ 2052 zh-CN 2055 de-CH 2057 en-GB 2058 es-MX 2060 fr-BE 2064 it-CH ' +
  '2067 nl-BE 2068 nn-NO 2070 pt-PT 2074 sr-Latn-RS 2077 sv-FI 2092 az-Cyrl-AZ 2108 ga-IE 2110 ms-BN 2115 uz-Cyrl-UZ ' +
  '2117 bn-BD 3073 ar-EG 3076 zh-HK 3079 de-AT 3081 en-AU 3082 es-ES 3084 fr-CA 3098 sr-Cyrl-RS 4097 ar-LY 4100 zh-SG ' +
  '4103 de-LU 4105 en-CA 4106 es-GT 4108 fr-CH 4122 hr-BA 5121 ar-DZ 5124 zh-MO 5127 de-LI 5129 en-NZ 5130 es-CR ' +
  '5132 fr-LU 5146 bs-Latn-BA 6145 ar-MA 6153 en-IE 6154 es-PA 6156 fr-MC 6170 sr-Latn-BA 7169 ar-TN 7177 en-ZA ' +
  '7178 es-DO 7194 sr-Cyrl-BA 8193 ar-OM 8201 en-JM 8202 es-VE 9217 ar-YE 9226 es-CO 9242 sr-Latn-RS 10241 ar-SY ' +
  '10249 en-BZ 10250 es-PE 10266 sr-Cyrl-RS 11265 ar-JO 11273 en-TT 11274 es-AR 11290 sr-Latn-ME 12289 ar-LB ' +
  '12297 en-ZW 12298 es-EC 12314 sr-Cyrl-ME 13313 ar-KW 13321 en-PH 13322 es-CL 14337 ar-AE 14346 es-UY 15361 ar-BH ' +
  '15370 es-PY 16385 ar-QA 16393 en-IN 16394 es-BO 17417 en-MY 17418 es-SV 18441 en-SG 18442 es-HN 19466 es-NI ' +
  '20490 es-PR 21514 es-US 58378 es-419';

const LCID_TABLE = new Map<number, string>();
{
  const parts = LCIDS.split(' ');
  for (let k = 0; k + 1 < parts.length; k += 2) LCID_TABLE.set(Number(parts[k]), parts[k + 1]!);
}

/** The BCP-47 code of a Windows LCID, or undefined. */
export function lcidToTag(lcid: number): string | undefined {
  return LCID_TABLE.get(lcid);
}

/** Canonical BCP-47 form of a language code (`eng-GB` → `en-GB`, `pt_br` → `pt-BR`), or undefined. */
export function canonicalTag(code: string): string | undefined {
  const text = code.trim().replace(/_/g, '-');
  if (!/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(text)) return undefined;
  try {
    return Intl.getCanonicalLocales(text)[0];
  } catch {
    return undefined;
  }
}

let reverseNames: { languages: Map<string, string>; regions: Map<string, string> } | undefined;

/** English language and region names → codes, built once from `Intl.DisplayNames`. */
function names(): { languages: Map<string, string>; regions: Map<string, string> } {
  if (reverseNames) return reverseNames;
  const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const languages = new Map<string, string>();
  const regions = new Map<string, string>();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const a of letters) {
    for (const b of letters) {
      const language = languageNames.of(a + b);
      if (language && language !== a + b && !languages.has(language.toLowerCase())) languages.set(language.toLowerCase(), a + b);
      const region = regionNames.of((a + b).toUpperCase());
      if (region && region !== (a + b).toUpperCase() && !regions.has(region.toLowerCase())) regions.set(region.toLowerCase(), (a + b).toUpperCase());
    }
  }
  for (const [alias, code] of [
    ['prc', 'CN'],
    ['united states', 'US'],
    ['united kingdom', 'GB'],
    ['taiwan', 'TW'],
    ['hong kong s.a.r.', 'HK'],
  ] as const) {
    regions.set(alias, code);
  }
  reverseNames = { languages, regions };
  return reverseNames;
}

/** "Spanish (Spain, International Sort)" → `es-ES`; "German" → `de`; undefined when unknown. */
export function nameToTag(name: string): string | undefined {
  const match = /^\s*([^()]+?)\s*(?:\(([^()]*)\))?\s*$/.exec(name);
  if (!match) return undefined;
  const { languages, regions } = names();
  const language = languages.get(match[1]!.toLowerCase());
  if (!language) return undefined;
  if (match[2] === undefined) return language;
  for (const part of match[2].split(',')) {
    const region = regions.get(part.trim().toLowerCase());
    if (region) return `${language}-${region}`;
  }
  return language;
}

/** Trados: LCID first, then the English name, else the name as written (or the LCID). */
export function tradosTarget(lcid: string | undefined, name: string | undefined): string | null {
  const fromLcid = lcid !== undefined && /^\d{1,6}$/.test(lcid.trim()) ? lcidToTag(Number(lcid.trim())) : undefined;
  if (fromLcid) return fromLcid;
  const fromName = name ? nameToTag(name) : undefined;
  if (fromName) return fromName;
  const written = name?.trim() || lcid?.trim();
  return written ? written : null;
}
