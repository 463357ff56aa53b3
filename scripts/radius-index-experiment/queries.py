# Writes /tmp/h16-q.sql: capped count and newest-24 of circles around Paris, Lyon and Guéret at
# 10/50/200 km on each candidate index of decision 0007 (see data.sql).
import math, subprocess, sys
R=6371.0
def box(lat, lon, r):
    a=r/R; dlat=math.degrees(a); ratio=math.sin(a)/math.cos(math.radians(lat))
    dlon=180 if ratio>=1 else math.degrees(math.asin(ratio))
    return lat-dlat, lat+dlat, lon-dlon, lon+dlon
def hav(lat, lon):
    return f"(2*{R}*asin(least(1,sqrt(power(sin(radians(latitude-{lat})/2),2)+cos(radians({lat}))*cos(radians(latitude))*power(sin(radians(longitude-{lon})/2),2)))))"
centres={'paris':(48.857,2.38),'lyon':(45.767,4.834),'rural':(46.17,1.87)}
out=[]
for name,(lat,lon) in centres.items():
  for r in (10,50,200):
    a,b,c,d=box(lat,lon,r)
    h=hav(lat,lon)
    preds={
     'band': f"latitude between {a} and {b} and longitude between {c} and {d}",
     'earth': f"earth_box(ll_to_earth({lat},{lon}), {r*1000}) @> ll_to_earth(latitude, longitude)",
     'spg': f"point(longitude, latitude) <@ box(point({c},{a}), point({d},{b}))",
     'gpt': f"point(longitude, latitude) <@ box(point({c},{a}), point({d},{b}))",
    }
    for k,p in preds.items():
      drop = {'spg':'drop index t_gpt;','gpt':'drop index t_spg;'}.get(k,'')
      for kind, q in (('count', f"select count(*) from (select 1 from t where {p} and {h} <= {r} and price <= 30000 limit 10001) m"),
                      ('ids', f"select id from t where {p} and {h} <= {r} order by published_at desc, id desc limit 24")):
        out.append(f"\\echo {name} {r} {k} {kind}\nbegin; {drop} explain (analyze, costs off, timing off, summary on) {q}; explain (analyze, costs off,timing off, summary on) {q}; rollback;")
open('/tmp/h16-q.sql','w').write("\n".join(out))
