# Same-window A/B on the bench:search database (BENCH_DB=occazio_bench_h16): writes /tmp/h16-ab.sql,
# the capped count by place at 10/50/200 km around Paris, Lyon, Guéret on the band and on the GiST point index.
import math
R=6371.0
def box(lat, lon, r):
    a=r/R; dlat=math.degrees(a); ratio=math.sin(a)/math.cos(math.radians(lat))
    dlon=180 if ratio>=1 else math.degrees(math.asin(ratio))
    return lat-dlat, lat+dlat, lon-dlon, lon+dlon
def hav(lat, lon):
    return f"(2*{R}*asin(least(1,sqrt(power(sin(radians(latitude-{lat}::float8)/2),2)+cos(radians({lat}::float8))*cos(radians(latitude))*power(sin(radians(longitude-{lon}::float8)/2),2)))))"
import subprocess
out=[]
for pc in ('75011','69001','23000'):
  lat,lon=[float(x) for x in subprocess.check_output(['psql','-h','127.0.0.1','-U','postgres','-d','occazio_bench_h16','-Atc',f"select latitude, longitude from places where postal_code='{pc}' limit 1"]).decode().strip().split('|')]
  for r in (10,50,200):
    a,b,c,d=box(lat,lon,r)
    h=hav(lat,lon)
    preds={'band': f"latitude >= {a} and latitude <= {b} and longitude >= {c} and longitude <= {d}",
           'point': f"point(longitude, latitude) <@ box(point({c},{a}), point({d},{b}))"}
    for rep in range(3):
      for k,p in preds.items():
        out.append(f"\\echo {pc} {r} {k}\nexplain (analyze, costs off, timing off, summary on) select count(*) from (select 1 from listings where status='published' and {p} and {h} <= {r} limit 10001) m;")
open('/tmp/h16-ab.sql','w').write("\n".join(out))
